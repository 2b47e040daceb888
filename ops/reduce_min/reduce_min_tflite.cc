// reduce_min's TensorFlow Lite mapping: REDUCE_MIN -> a graph op with ReduceMinAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {

// TensorFlow Lite's REDUCE_MIN (builtin 89).
extern const TfliteOpMapping kReduceMinTflite = {
    {89},
    1,
    &MapReduceOf<kernels::OpKind::kReduceMin, ReduceMinAttributes, /*kInt8OrInt16=*/false>};

}  // namespace arenastore::planner
