// add's TensorFlow Lite mapping: ADD -> a graph op with AddAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's ADD (builtin 0).
extern const TfliteOpMapping kAddTflite = {
    {0}, 1, &MapBinaryOf<kernels::OpKind::kAdd, AddAttributes, tfl::AddOptions>};

}  // namespace arenastore::planner
