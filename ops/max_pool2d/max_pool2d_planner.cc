// max_pool2d's planner unit: the 2-D pooling lowering, options and equivalence every pool shares
// (planner/pool2d_planning.h) over its own attributes and params.
#include "planner/pool2d_planning.h"

namespace arenastore::planner {

extern const PlannerOp kMaxPool2dPlanner =
    Pool2dPlanner<MaxPool2dAttributes, &kernels::OpParams::max_pool2d>();

}  // namespace arenastore::planner
