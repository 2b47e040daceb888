// relu6's TensorFlow Lite mapping: RELU6 on int8 or int16 tensors -> a graph op with
// Relu6Attributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 21 is TensorFlow Lite's RELU6.
extern const TfliteOpMapping kRelu6Tflite = {
    {21}, 1, &MapActivationsOf<kernels::OpKind::kRelu6, Relu6Attributes, 1>};

}  // namespace arenastore::planner
