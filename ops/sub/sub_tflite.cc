// sub's TensorFlow Lite mapping: SUB -> a graph op with SubAttributes (operands in TFLite's
// order: input1 - input2), or a reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's SUB (builtin 41).
extern const TfliteOpMapping kSubTflite = {
    {41}, 1, &MapBinaryOf<kernels::OpKind::kSub, SubAttributes, tfl::SubOptions>};

}  // namespace arenastore::planner
