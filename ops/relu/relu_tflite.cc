// relu's TensorFlow Lite mapping: RELU on int8 or int16 tensors -> a graph op with
// ReluAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 19 is TensorFlow Lite's RELU.
extern const TfliteOpMapping kReluTflite = {
    {19}, 1, &MapActivationsOf<kernels::OpKind::kRelu, ReluAttributes, 1>};

}  // namespace arenastore::planner
