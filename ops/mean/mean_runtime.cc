// mean's runtime lowering: a verified artifact's operator -> kernels::MeanParams, through
// the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerReduce(c, ReduceFold::kMean, &params->mean);
}

}  // namespace

extern const RuntimeOp kMeanRuntime = {schema::OpOptions::ReduceOptions,
                                       false,
                                       {kernels::kMeanArity,
                                        {Int8OrInt16("input", 1, kernels::kMaxReduceRank)},
                                        Int8OrInt16("output")},
                                       &Lower};

}  // namespace arenastore::runtime
