// reduce_min's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes, params and fold.
// Its TensorFlow Lite mapping: REDUCE_MIN -> a graph op with ReduceMinAttributes (the constant axis
// operand folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kReduceMinPlanner =
    ReducePlanner<ReduceMinAttributes, ReduceFold::kExtreme>();

// TensorFlow Lite's REDUCE_MIN (builtin 89).
extern const TfliteOpMapping kReduceMinTflite = {
    {89},
    1,
    &MapReduceOf<kernels::OpKind::kReduceMin, ReduceMinAttributes, /*kInt8OrInt16=*/false>};

}  // namespace arenastore::planner
