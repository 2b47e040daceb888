// Lowering: one graph operator -> the kernels' OpParams (shapes resolved, padding computed,
// float scales turned into fixed-point multipliers as TensorFlow Lite does at prepare time),
// through the op's unit (ops/<op>/<op>_planner.cc, planner/planner_op.h).
// Called by the compile pipeline to size scratch and to write the artifact; the runtime builds
// the same params from the artifact (runtime/op_params_builder) and a test keeps both equal.
// Errors: kPlanInvalidGraph naming the op when shapes or quantization do not fit the kind.
#pragma once

#include <cstddef>
#include <vector>

#include "base/result.h"
#include "kernels/op_params.h"
#include "planner/graph.h"

namespace arenastore::planner {

class LoweredOp {
 public:
  // Where an op's params keep their requantization view (e.g. &params.conv2d.requant).
  using RequantSlot = kernels::Requantization* (*)(kernels::OpParams& params);

  // The kernel params; requantization pointers refer to this object's storage, so call it
  // again after copying or moving the LoweredOp.
  kernels::OpParams Params() const;

  // Per-channel (or single) multipliers and shifts; empty for ops without requantization.
  const std::vector<int32_t>& multipliers() const { return multipliers_; }
  const std::vector<int32_t>& shifts() const { return shifts_; }

  // For the op units' lowering: the params to fill, and the requantization tables with the slot
  // Params() points at them.
  kernels::OpParams& params() { return params_; }
  std::vector<int32_t>* mutable_multipliers() { return &multipliers_; }
  std::vector<int32_t>* mutable_shifts() { return &shifts_; }
  void set_requant_slot(RequantSlot slot) { requant_slot_ = slot; }

 private:
  kernels::OpParams params_{};
  std::vector<int32_t> multipliers_;
  std::vector<int32_t> shifts_;
  RequantSlot requant_slot_ = nullptr;
};

Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index);

}  // namespace arenastore::planner
