// hard_swish's TensorFlow Lite mapping: HARD_SWISH on int8 tensors (int16 activations are refused
// with a reason) -> a graph op with HardSwishAttributes (planner/import/tflite_shared_mappings.h).
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// Builtin 117 is TensorFlow Lite's HARD_SWISH.
extern const TfliteOpMapping kHardSwishTflite = {
    {117}, 1, &MapInt8UnaryOf<kernels::OpKind::kHardSwish, HardSwishAttributes>};

}  // namespace arenastore::planner
