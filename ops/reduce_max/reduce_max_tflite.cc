// reduce_max's TensorFlow Lite mapping: REDUCE_MAX -> a graph op with ReduceMaxAttributes (the
// constant axis operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {

// TensorFlow Lite's REDUCE_MAX (builtin 82).
extern const TfliteOpMapping kReduceMaxTflite = {
    {82},
    1,
    &MapReduceOf<kernels::OpKind::kReduceMax, ReduceMaxAttributes, /*kInt8OrInt16=*/false>};

}  // namespace arenastore::planner
