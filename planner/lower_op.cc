#include "planner/lower_op.h"

#include "planner/lowering.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

// The dtype signature of the kernels an operator needs: its first input's element type.
kernels::KernelDtype DtypeOf(const Graph& graph, const Op& op) {
  const bool int16 = !op.inputs.empty() && op.inputs[0] >= 0 &&
                     graph.tensors[op.inputs[0]].type == DataType::kInt16;
  return int16 ? kernels::KernelDtype::kInt16 : kernels::KernelDtype::kInt8;
}

}  // namespace

kernels::OpParams LoweredOp::Params() const {
  kernels::OpParams params = params_;
  if (requant_slot_ != nullptr) {
    *requant_slot_(params) = {multipliers_.data(), shifts_.data(),
                              static_cast<int32_t>(multipliers_.size())};
  }
  return params;
}

Result<LoweredOp> LowerOp(const Graph& graph, size_t op_index) {
  const Lowering lowering(graph, op_index);
  const PlannerOp* unit = PlannerOpOf(graph.ops[op_index].kind);
  if (unit == nullptr) return lowering.Fail("unknown operator kind");
  LoweredOp lowered;
  lowered.params().kind = graph.ops[op_index].kind;
  lowered.params().dtype = DtypeOf(graph, graph.ops[op_index]);
  ARENASTORE_RETURN_IF_ERROR(unit->lower(lowering, &lowered));
  return lowered;
}

}  // namespace arenastore::planner
