// reduce_max's runtime lowering: a verified artifact's operator -> kernels::ReduceMaxParams,
// through the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerReduce(c, ReduceFold::kExtreme, &params->reduce_max);
}

}  // namespace

extern const RuntimeOp kReduceMaxRuntime = {
    schema::OpOptions::ReduceOptions,
    false,
    {kernels::kReduceMaxArity, {Int8("input", 1, kernels::kMaxReduceRank)}, Int8("output")},
    &Lower};

}  // namespace arenastore::runtime
