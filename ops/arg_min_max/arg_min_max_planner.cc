// arg_min_max's planner unit: the check of its axis only the host makes (the runtime's lowering
// derives kernels::ArgMinMaxParams and checks the operands), the ArgMinMaxOptions it writes (the
// axis normalized to [0, rank)) and reads back for re-planning, and which fields two artifacts
// must share to compute the same thing.
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {
namespace arg_min_max_lowering {

// The axis, resolved against the input's rank; the runtime's lowering checks the operands and
// the kind, and derives kernels::ArgMinMaxParams.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<ArgMinMaxAttributes>().status());
  return l.ResolveAxis(&lowered->mutable_options<ArgMinMaxAttributes>().axis,
                       l.Input(0).shape.size());
}

}  // namespace arg_min_max_lowering

extern const PlannerOp kArgMinMaxPlanner =
    OptionsStructPlanner<ArgMinMaxAttributes>(&arg_min_max_lowering::Lower);

}  // namespace arenastore::planner
