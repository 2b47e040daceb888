// resize_nearest_neighbor's TensorFlow Lite mapping: RESIZE_NEAREST_NEIGHBOR -> a graph op with
// ResizeNearestNeighborAttributes (the constant size operand folded into attributes), or a reason
// it cannot run here.
#include "planner/import/resize_mapping.h"

namespace arenastore::planner {

// TensorFlow Lite's RESIZE_NEAREST_NEIGHBOR (builtin 97).
extern const TfliteOpMapping kResizeNearestNeighborTflite = {
    {97},
    1,
    &MapResizeOf<kernels::OpKind::kResizeNearestNeighbor, ResizeNearestNeighborAttributes,
                 tfl::ResizeNearestNeighborOptions, /*kInt8OrInt16=*/true>};

}  // namespace arenastore::planner
