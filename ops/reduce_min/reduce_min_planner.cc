// reduce_min's planner unit: the lowering, options and equivalence the four reductions share
// (ops/mean/reduction_planning.h) over its own attributes and params.
#include "ops/mean/reduction_planning.h"
#include "planner/lower_op.h"

namespace arenastore::planner {
namespace {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerReduce<ReduceMinAttributes>(l, ReduceFold::kExtreme, &lowered->params().reduce_min);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteReduceOptions(w, w.attributes<ReduceMinAttributes>(), w.params().reduce_min);
}

}  // namespace

extern const PlannerOp kReduceMinPlanner = {
    &Lower,  &Write, &ReadReduceAttributes<ReduceMinAttributes>, &SameReduceOptions,
    nullptr, nullptr};

}  // namespace arenastore::planner
