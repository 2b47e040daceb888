// OptionsWriter: what an op unit's write function (ops/<op>/<op>_planner.cc) gets to build its
// artifact options table: the FlatBuffers builder, the graph op with its attributes, its lowered
// params, and the shared encodings (padding, activation, requantization). Used only by the
// artifact writer while it serializes one operator. Host-only.
#pragma once

#include <flatbuffers/flatbuffers.h>

#include <variant>

#include "kernels/op_params.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/planner_op.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

// `table` as the union member it is (the OpOptions type FlatBuffers' traits give its table), so a
// unit's write names its table once.
template <typename Table>
WrittenOptions Written(flatbuffers::Offset<Table> table) {
  return {schema::OpOptionsTraits<Table>::enum_value, table.Union()};
}

class OptionsWriter {
 public:
  OptionsWriter(flatbuffers::FlatBufferBuilder& builder, const Graph& graph, const Op& op,
                const LoweredOp& lowered)
      : builder_(builder), graph_(graph), op_(op), lowered_(lowered), params_(lowered.Params()) {}

  flatbuffers::FlatBufferBuilder& builder() { return builder_; }
  const Graph& graph() const { return graph_; }
  const Op& op() const { return op_; }
  // The op's attributes, of its kind's type (the lowering checked it).
  template <typename Attributes>
  const Attributes& attributes() const {
    return std::get<Attributes>(op_.attributes);
  }
  const kernels::OpParams& params() const { return params_; }
  const LoweredOp& lowered() const { return lowered_; }

  // The lowered multipliers and shifts as a Requantization table.
  flatbuffers::Offset<schema::Requantization> Requant() {
    return schema::CreateRequantizationDirect(builder_, &lowered_.multipliers(),
                                              &lowered_.shifts());
  }

 private:
  flatbuffers::FlatBufferBuilder& builder_;
  const Graph& graph_;
  const Op& op_;
  const LoweredOp& lowered_;
  kernels::OpParams params_;
};

}  // namespace arenastore::planner
