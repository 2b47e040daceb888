// slice's planner unit: its slice walk (begin and size from its constant operands; strides all 1),
// checked, written to SliceOptions, read back and compared as planner/slice_walk_lowering.h does
// for every unit that carries the walk.
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSlicePlanner = SliceWalkPlanner<SliceAttributes>();

}  // namespace arenastore::planner
