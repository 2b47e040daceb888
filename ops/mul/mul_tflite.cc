// mul's TensorFlow Lite mapping: MUL -> a graph op with MulAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's MUL (builtin 18).
extern const TfliteOpMapping kMulTflite = {
    {18}, 1, &MapBinaryOf<kernels::OpKind::kMul, MulAttributes, tfl::MulOptions>};

}  // namespace arenastore::planner
