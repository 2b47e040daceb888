// sum's runtime lowering: a verified artifact's operator -> kernels::SumParams, through
// the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerReduce(c, ReduceFold::kSum, &params->sum);
}

}  // namespace

extern const RuntimeOp kSumRuntime = {
    schema::OpOptions::ReduceOptions,
    false,
    {kernels::kSumArity, {Int8OrInt16("input", 1, kernels::kMaxReduceRank)}, Int8OrInt16("output")},
    &Lower};

}  // namespace arenastore::runtime
