// reduce_max's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes, params and fold.
#include "planner/reduction_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kReduceMaxPlanner =
    ReducePlanner<ReduceMaxAttributes, ReduceFold::kExtreme>();

}  // namespace arenastore::planner
