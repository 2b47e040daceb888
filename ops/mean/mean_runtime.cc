// mean's runtime lowering: a verified artifact's operator -> kernels::MeanParams, through
// the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kMeanRuntime =
    ReduceRuntime<&kernels::OpParams::mean, ReduceFold::kMean>(kernels::kMeanArity);

}  // namespace arenastore::runtime
