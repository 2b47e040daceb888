// max_pool2d's planner unit: the 2-D pooling lowering, options and equivalence every pool shares
// (planner/pool2d_planning.h) over its own attributes and params.
// Its TensorFlow Lite mapping: MAX_POOL_2D -> a graph op with MaxPool2dAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/op_unit.h"
#include "planner/pool2d_planning.h"

namespace arenastore::planner {

extern const PlannerOp kMaxPool2dPlanner =
    Pool2dPlanner<MaxPool2dAttributes, &kernels::OpParams::max_pool2d>();

// TensorFlow Lite's MAX_POOL_2D (builtin 17).
extern const TfliteOpMapping kMaxPool2dTflite = {
    {17}, 1, &MapPool2dOf<kernels::OpKind::kMaxPool2d, MaxPool2dAttributes>};

}  // namespace arenastore::planner
