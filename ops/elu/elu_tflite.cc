// elu's TensorFlow Lite mapping: ELU on int8 tensors (int16 activations are refused with a reason)
// -> a graph op with EluAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 111 is TensorFlow Lite's ELU.
extern const TfliteOpMapping kEluTflite = {
    {111}, 1, &MapInt8UnaryOf<kernels::OpKind::kElu, EluAttributes>};

}  // namespace arenastore::planner
