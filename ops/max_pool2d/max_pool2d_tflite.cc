// max_pool2d's TensorFlow Lite mapping: MAX_POOL_2D -> a graph op with MaxPool2dAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's MAX_POOL_2D (builtin 17).
extern const TfliteOpMapping kMaxPool2dTflite = {
    {17}, 1, &MapPool2dOf<kernels::OpKind::kMaxPool2d, MaxPool2dAttributes>};

}  // namespace arenastore::planner
