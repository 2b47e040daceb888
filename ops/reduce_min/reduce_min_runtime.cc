// reduce_min's runtime lowering: a verified artifact's operator -> kernels::ReduceMinParams,
// through the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerReduce(c, ReduceFold::kExtreme, &params->reduce_min);
}

}  // namespace

extern const RuntimeOp kReduceMinRuntime = {
    schema::OpOptions::ReduceOptions,
    false,
    {kernels::kReduceMinArity, {Int8("input", 1, kernels::kMaxReduceRank)}, Int8("output")},
    &Lower};

}  // namespace arenastore::runtime
