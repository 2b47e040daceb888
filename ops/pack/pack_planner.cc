// pack's planner unit: the check of its axis only the host can make (the runtime's lowering
// derives kernels::PackParams and checks the shapes), the PackOptions it writes to an artifact
// and reads back for re-planning, and where each input lies in the output.
#include "ops/pack/pack.h"
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"

namespace arenastore::planner {
namespace pack_lowering {

// The axis, resolved against the output's rank; the runtime's lowering derives the sizes and
// checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<PackAttributes>().status());
  return l.ResolveAxis(&lowered->mutable_options<PackAttributes>().axis, l.Output().shape.size());
}

}  // namespace pack_lowering

extern const PlannerOp kPackPlanner = OptionsStructPlanner<PackAttributes>(&pack_lowering::Lower);

}  // namespace arenastore::planner
