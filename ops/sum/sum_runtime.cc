// sum's runtime lowering: a verified artifact's operator -> kernels::SumParams, through
// the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kSumRuntime =
    ReduceRuntime<&kernels::OpParams::sum, ReduceFold::kSum>(kernels::kSumArity);

}  // namespace arenastore::runtime
