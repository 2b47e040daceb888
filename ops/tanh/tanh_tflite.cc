// tanh's TensorFlow Lite mapping: TANH on int8 or int16 tensors -> a graph op with
// TanhAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 28 is TensorFlow Lite's TANH.
extern const TfliteOpMapping kTanhTflite = {
    {28}, 1, &MapActivationsOf<kernels::OpKind::kTanh, TanhAttributes, 1>};

}  // namespace arenastore::planner
