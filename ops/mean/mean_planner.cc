// mean's planner unit: the lowering, options and equivalence the four reductions share
// (planner/reduction_lowering.h) over its own attributes and params.
#include "planner/lower_op.h"
#include "planner/reduction_lowering.h"

namespace arenastore::planner {
namespace mean_lowering {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerReduce<MeanAttributes>(l, ReduceFold::kMean, &lowered->params().mean);
}

WrittenOptions Write(OptionsWriter& w) {
  return WriteReduceOptions(w, w.attributes<MeanAttributes>(), w.params().mean);
}

}  // namespace mean_lowering

extern const PlannerOp kMeanPlanner = {&mean_lowering::Lower, &mean_lowering::Write,
                                       &ReadReduceAttributes<MeanAttributes>};

}  // namespace arenastore::planner
