// abs's TensorFlow Lite mapping: ABS on int8 or int16 tensors -> a graph op with
// AbsAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 101 is TensorFlow Lite's ABS.
extern const TfliteOpMapping kAbsTflite = {
    {101}, 1, &MapActivationsOf<kernels::OpKind::kAbs, AbsAttributes, 1>};

}  // namespace arenastore::planner
