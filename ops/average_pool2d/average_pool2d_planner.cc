// average_pool2d's planner unit: the 2-D pooling lowering, options and equivalence every pool
// shares (planner/pool2d_planning.h) over its own attributes and params.
// Its TensorFlow Lite mapping: AVERAGE_POOL_2D -> a graph op with AveragePool2dAttributes (operands
// in our order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/op_unit.h"
#include "planner/pool2d_planning.h"

namespace arenastore::planner {

extern const PlannerOp kAveragePool2dPlanner =
    Pool2dPlanner<AveragePool2dAttributes, &kernels::OpParams::average_pool2d>();

// TensorFlow Lite's AVERAGE_POOL_2D (builtin 1).
extern const TfliteOpMapping kAveragePool2dTflite = {
    {1}, 1, &MapPool2dOf<kernels::OpKind::kAveragePool2d, AveragePool2dAttributes>};

}  // namespace arenastore::planner
