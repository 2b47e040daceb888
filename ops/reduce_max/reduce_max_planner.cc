// reduce_max's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes, params and fold.
// Its TensorFlow Lite mapping: REDUCE_MAX -> a graph op with ReduceMaxAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kReduceMaxPlanner =
    ReducePlanner<ReduceMaxAttributes, ReduceFold::kExtreme>();

// TensorFlow Lite's REDUCE_MAX (builtin 82).
extern const TfliteOpMapping kReduceMaxTflite = {
    {82},
    1,
    &MapReduceOf<kernels::OpKind::kReduceMax, ReduceMaxAttributes, /*kInt8OrInt16=*/false>};

}  // namespace arenastore::planner
