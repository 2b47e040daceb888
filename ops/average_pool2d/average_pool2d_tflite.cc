// average_pool2d's TensorFlow Lite mapping: AVERAGE_POOL_2D -> a graph op with
// AveragePool2dAttributes (operands in our order, constant operands folded into attributes), or a
// reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's AVERAGE_POOL_2D (builtin 1).
extern const TfliteOpMapping kAveragePool2dTflite = {
    {1}, 1, &MapPool2dOf<kernels::OpKind::kAveragePool2d, AveragePool2dAttributes>};

}  // namespace arenastore::planner
