// Lowering: one graph operator -> the kernels' OpParams. The op's planner unit derives what only
// the host can (float scales to fixed-point multipliers as TensorFlow Lite does at prepare time,
// padding, tables; ops/<op>/<op>_planner.cc), writes its options, and the runtime's own lowering
// of them gives the params (planner/one_op_artifact.h), as a device will read them.
// Called by the compile pipeline to size scratch and to write the artifact.
// Errors: kPlanInvalidGraph naming the op when shapes or quantization do not fit the kind.
#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "base/result.h"
#include "kernels/op_params.h"
#include "planner/graph.h"

namespace arenastore::planner {

class LoweredOp {
 public:
  // Points the params at the tables this object keeps (a unit's lowering sets it, e.g. to
  // BindRequant(&params.conv2d.requant)).
  using Rebind = void (*)(const LoweredOp& lowered, kernels::OpParams& params);

  // The kernel params; requantization pointers refer to this object's storage, so call it
  // again after copying or moving the LoweredOp.
  kernels::OpParams Params() const;
  // `params` (e.g. the runtime's for the same op) with its table pointers set to this object's
  // storage, as Params() sets them: equal to Params() byte for byte when both lowered alike.
  kernels::OpParams Rebound(kernels::OpParams params) const;

  // Per-channel (or single) multipliers and shifts; empty for ops without requantization.
  const std::vector<int32_t>& multipliers() const { return multipliers_; }
  const std::vector<int32_t>& shifts() const { return shifts_; }
  // Points *requant at the multipliers and shifts, field by field (the struct's padding keeps
  // the zeros LowerOp gave it, so params compare byte for byte).
  void BindRequant(kernels::Requantization* requant) const {
    requant->multipliers = multipliers_.data();
    requant->shifts = shifts_.data();
    requant->count = static_cast<int32_t>(multipliers_.size());
  }
  // A table-lookup op's 256 entries (kernels::TableLookupParams); empty for other ops.
  const std::vector<int8_t>& table() const { return table_; }
  // Constant int32 operands folded into the op that its params point at (a gather's indices);
  // empty for other ops.
  const std::vector<int32_t>& constants() const { return constants_; }

  // The op's attributes as its lowering completed them: for an op whose attributes are its
  // options table (planner/options_attributes.h), every field its artifact options record.
  const OpAttributes& options() const { return options_; }

  // For the op units' lowering: the params to fill, the tables they point at, and how.
  kernels::OpParams& params() { return params_; }
  // The options to complete, of the op's attributes type (LowerOp starts them as the graph's).
  template <typename Attributes>
  Attributes& mutable_options() {
    return std::get<Attributes>(options_);
  }
  void set_options(OpAttributes options) { options_ = std::move(options); }
  std::vector<int32_t>* mutable_multipliers() { return &multipliers_; }
  std::vector<int32_t>* mutable_shifts() { return &shifts_; }
  std::vector<int8_t>* mutable_table() { return &table_; }
  std::vector<int32_t>* mutable_constants() { return &constants_; }
  void set_rebind(Rebind rebind) { rebind_ = rebind; }
  // The runtime's params for this op (planner/one_op_artifact.h) replace the unit's, pointing
  // into `artifact`, which this object keeps (its copies share it) so they stay valid.
  void AdoptRuntimeParams(const kernels::OpParams& params,
                          std::shared_ptr<const std::vector<uint8_t>> artifact) {
    params_ = params;
    one_op_artifact_ = std::move(artifact);
  }

 private:
  kernels::OpParams params_{};
  OpAttributes options_;
  std::vector<int32_t> multipliers_;
  std::vector<int32_t> shifts_;
  std::vector<int8_t> table_;
  std::vector<int32_t> constants_;
  Rebind rebind_ = nullptr;
  std::shared_ptr<const std::vector<uint8_t>> one_op_artifact_;
};

Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index);

}  // namespace arenastore::planner
