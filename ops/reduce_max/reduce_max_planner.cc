// reduce_max's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {
namespace reduce_max_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerReduce<ReduceMaxAttributes>(l, ReduceFold::kExtreme, &lowered->params().reduce_max);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteReduceOptions(w, w.attributes<ReduceMaxAttributes>(), w.params().reduce_max);
}

}  // namespace reduce_max_lowering

extern const PlannerOp kReduceMaxPlanner = {&reduce_max_lowering::Lower,
                                            &reduce_max_lowering::Write,
                                            &ReadReduceAttributes<ReduceMaxAttributes>};

}  // namespace arenastore::planner
