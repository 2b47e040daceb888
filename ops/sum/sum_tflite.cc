// sum's TensorFlow Lite mapping: SUM -> a graph op with SumAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {

// TensorFlow Lite's SUM (builtin 74).
extern const TfliteOpMapping kSumTflite = {
    {74}, 1, &MapReduceOf<kernels::OpKind::kSum, SumAttributes, /*kInt8OrInt16=*/true>};

}  // namespace arenastore::planner
