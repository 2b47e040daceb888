// reduce_min's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes, params and fold.
#include "planner/reduction_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kReduceMinPlanner =
    ReducePlanner<ReduceMinAttributes, ReduceFold::kExtreme>();

}  // namespace arenastore::planner
