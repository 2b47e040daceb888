// resize_nearest_neighbor's planner unit: the checks, options and equivalence the two resizes share
// (planner/resize_lowering.h) over its own attributes.
// Its TensorFlow Lite mapping: RESIZE_NEAREST_NEIGHBOR -> a graph op with
// ResizeNearestNeighborAttributes (the constant size operand folded into attributes), or a reason
// it cannot run here.
#include "planner/import/resize_mapping.h"
#include "planner/resize_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kResizeNearestNeighborPlanner =
    ResizePlanner<ResizeNearestNeighborAttributes>();

// TensorFlow Lite's RESIZE_NEAREST_NEIGHBOR (builtin 97).
extern const TfliteOpMapping kResizeNearestNeighborTflite = {
    {97},
    1,
    &MapResizeOf<kernels::OpKind::kResizeNearestNeighbor, ResizeNearestNeighborAttributes,
                 tfl::ResizeNearestNeighborOptions, /*kInt8OrInt16=*/true>};

}  // namespace arenastore::planner
