#include "planner/lower_op.h"

#include <cstring>

#include "planner/lowering.h"
#include "planner/one_op_artifact.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

// The dtype signature of the kernels an operator needs: its first input's element type, past a
// bool one (select_v2's condition is a mask; its values are what the kernel moves). As the
// runtime's (runtime/op_params_builder.cc).
kernels::KernelDtype DtypeOf(const Graph& graph, const Op& op) {
  size_t k = 0;
  const auto type = [&](size_t i) {
    return i < op.inputs.size() && op.inputs[i] >= 0 ? graph.tensors[op.inputs[i]].type
                                                     : DataType::kInt8;
  };
  if (type(0) == DataType::kBool && op.inputs.size() > 1) k = 1;
  return type(k) == DataType::kInt16 ? kernels::KernelDtype::kInt16 : kernels::KernelDtype::kInt8;
}

}  // namespace

kernels::OpParams LoweredOp::Params() const { return Rebound(params_); }

kernels::OpParams LoweredOp::Rebound(kernels::OpParams params) const {
  if (rebind_ != nullptr) rebind_(*this, params);
  return params;
}

Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index) {
  const Lowering lowering(graph, op_index);
  const PlannerOp* unit = PlannerOpOf(graph.ops[op_index].kind);
  if (unit == nullptr) return lowering.Fail("unknown operator kind");
  LoweredOp lowered;
  // Every byte zero (union tail and padding included), as the runtime's, so params compare
  // equal byte for byte.
  std::memset(&lowered.params(), 0, sizeof(kernels::OpParams));
  lowered.params().kind = graph.ops[op_index].kind;
  lowered.params().dtype = DtypeOf(graph, graph.ops[op_index]);
  lowered.set_options(graph.ops[op_index].attributes);
  ARENASTORE_RETURN_IF_ERROR(unit->lower(lowering, &lowered));
  ARENASTORE_RETURN_IF_ERROR(LowerThroughRuntime(graph, op_index, *unit, &lowered));
  return lowered;
}

}  // namespace arenastore::planner
