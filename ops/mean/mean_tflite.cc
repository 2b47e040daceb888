// mean's TensorFlow Lite mapping: MEAN -> a graph op with MeanAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"

namespace arenastore::planner {

// TensorFlow Lite's MEAN (builtin 40).
extern const TfliteOpMapping kMeanTflite = {
    {40}, 1, &MapReduceOf<kernels::OpKind::kMean, MeanAttributes, /*kInt8OrInt16=*/true>};

}  // namespace arenastore::planner
