// minimum's TensorFlow Lite mapping: MINIMUM of two int8 or int16 tensors (operands in TFLite's
// order) -> a graph op with MinimumAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 57 is TensorFlow Lite's MINIMUM.
extern const TfliteOpMapping kMinimumTflite = {
    {57}, 1, &MapActivationsOf<kernels::OpKind::kMinimum, MinimumAttributes, 2>};

}  // namespace arenastore::planner
