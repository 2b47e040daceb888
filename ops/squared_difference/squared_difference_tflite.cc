// squared_difference's TensorFlow Lite mapping: SQUARED_DIFFERENCE -> a graph op with
// SquaredDifferenceAttributes (operands in TFLite's order; its options table has no fields), or a
// reason it cannot run here.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

// TensorFlow Lite's SQUARED_DIFFERENCE (builtin 99).
extern const TfliteOpMapping kSquaredDifferenceTflite = {
    {99},
    1,
    &MapActivationsOf<kernels::OpKind::kSquaredDifference, SquaredDifferenceAttributes, 2>};

}  // namespace arenastore::planner
