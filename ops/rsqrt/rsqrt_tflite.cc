// rsqrt's TensorFlow Lite mapping: RSQRT on int8 or int16 tensors -> a graph op with
// RsqrtAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 76 is TensorFlow Lite's RSQRT.
extern const TfliteOpMapping kRsqrtTflite = {
    {76}, 1, &MapActivationsOf<kernels::OpKind::kRsqrt, RsqrtAttributes, 1>};

}  // namespace arenastore::planner
