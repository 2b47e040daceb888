// reduce_min's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {
namespace reduce_min_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerReduce<ReduceMinAttributes>(l, ReduceFold::kExtreme, &lowered->params().reduce_min);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteReduceOptions(w, w.attributes<ReduceMinAttributes>(), w.params().reduce_min);
}

}  // namespace reduce_min_lowering

extern const PlannerOp kReduceMinPlanner = {&reduce_min_lowering::Lower,
                                            &reduce_min_lowering::Write,
                                            &ReadReduceAttributes<ReduceMinAttributes>};

}  // namespace arenastore::planner
