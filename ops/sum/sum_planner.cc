// sum's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {
namespace sum_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerReduce<SumAttributes>(l, ReduceFold::kSum, &lowered->params().sum);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteReduceOptions(w, w.attributes<SumAttributes>(), w.params().sum);
}

}  // namespace sum_lowering

extern const PlannerOp kSumPlanner = {&sum_lowering::Lower, &sum_lowering::Write,
                                      &ReadReduceAttributes<SumAttributes>};

}  // namespace arenastore::planner
