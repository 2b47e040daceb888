// strided_slice's planner unit: its slice walk (the walk TensorFlow Lite Micro's StridedSlice
// takes), written to SliceOptions, read back and compared as planner/slice_walk_lowering.h
// does for every unit that carries the walk.
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kStridedSlicePlanner = SliceWalkPlanner<StridedSliceAttributes>();

}  // namespace arenastore::planner
