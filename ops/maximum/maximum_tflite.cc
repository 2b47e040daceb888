// maximum's TensorFlow Lite mapping: MAXIMUM of two int8 or int16 tensors (operands in TFLite's
// order) -> a graph op with MaximumAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 55 is TensorFlow Lite's MAXIMUM.
extern const TfliteOpMapping kMaximumTflite = {
    {55}, 1, &MapActivationsOf<kernels::OpKind::kMaximum, MaximumAttributes, 2>};

}  // namespace arenastore::planner
