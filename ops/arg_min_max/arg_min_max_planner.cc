// arg_min_max's planner unit: the check of its axis only the host makes (the runtime's lowering
// derives kernels::ArgMinMaxParams and checks the operands), the ArgMinMaxOptions it writes (the
// axis normalized to [0, rank)) and reads back for re-planning, and which fields two artifacts
// must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace arg_min_max_lowering {

// The axis, before Write normalizes it: a second wrap would hide an axis below -rank. The
// runtime's lowering checks the operands and derives kernels::ArgMinMaxParams.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_ASSIGN_OR_RETURN(const ArgMinMaxAttributes a, l.AttributesAs<ArgMinMaxAttributes>());
  const int32_t rank = static_cast<int32_t>(l.Input(0).shape.size());
  const int32_t axis = a.axis < 0 ? a.axis + rank : a.axis;
  if (axis < 0 || axis >= rank) return l.Fail("axis {} out of range for rank {}", a.axis, rank);
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<ArgMinMaxAttributes>();
  const int32_t rank = static_cast<int32_t>(w.graph().tensors[w.op().inputs[0]].shape.size());
  return Written(schema::CreateArgMinMaxOptions(w.builder(), static_cast<int32_t>(a.kind),
                                                a.axis < 0 ? a.axis + rank : a.axis));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const schema::ArgMinMaxOptions* options = op.options_as_ArgMinMaxOptions();
  return OpAttributes(
      ArgMinMaxAttributes{static_cast<kernels::ArgMinMaxKind>(options->kind()), options->axis()});
}

}  // namespace arg_min_max_lowering

extern const PlannerOp kArgMinMaxPlanner = {
    &arg_min_max_lowering::Lower, &arg_min_max_lowering::Write, &arg_min_max_lowering::Read};

}  // namespace arenastore::planner
