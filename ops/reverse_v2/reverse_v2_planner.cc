// reverse_v2's planner unit: its slice walk (reversed axes walked from their last index with stride
// -1), written to SliceOptions, read back and compared as planner/slice_walk_lowering.h
// does for every unit that carries the walk.
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kReverseV2Planner = SliceWalkPlanner<ReverseV2Attributes>();

}  // namespace arenastore::planner
