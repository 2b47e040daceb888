// mean's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes, params and fold.
// Its TensorFlow Lite mapping: MEAN -> a graph op with MeanAttributes (the constant axis operand
// folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kMeanPlanner = ReducePlanner<MeanAttributes, ReduceFold::kMean>();

// TensorFlow Lite's MEAN (builtin 40).
extern const TfliteOpMapping kMeanTflite = {
    {40}, 1, &MapReduceOf<kernels::OpKind::kMean, MeanAttributes, /*kInt8OrInt16=*/true>};

}  // namespace arenastore::planner
