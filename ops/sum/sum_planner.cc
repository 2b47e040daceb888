// sum's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes, params and fold.
// Its TensorFlow Lite mapping: SUM -> a graph op with SumAttributes (the constant axis operand
// folded into attributes), or a reason it cannot run here.
#include "planner/import/reduction_mapping.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kSumPlanner = ReducePlanner<SumAttributes, ReduceFold::kSum>();

// TensorFlow Lite's SUM (builtin 74).
extern const TfliteOpMapping kSumTflite = {
    {74}, 1, &MapReduceOf<kernels::OpKind::kSum, SumAttributes, /*kInt8OrInt16=*/true>};

}  // namespace arenastore::planner
