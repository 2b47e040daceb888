// resize_nearest_neighbor's planner unit: the checks, options and equivalence the two resizes
// share (planner/resize_lowering.h) over its own attributes.
#include "planner/resize_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kResizeNearestNeighborPlanner =
    ResizePlanner<ResizeNearestNeighborAttributes>();

}  // namespace arenastore::planner
