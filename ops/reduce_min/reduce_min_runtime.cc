// reduce_min's runtime lowering: a verified artifact's operator -> kernels::ReduceMinParams,
// through the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kReduceMinRuntime =
    ReduceRuntime<&kernels::OpParams::reduce_min, ReduceFold::kExtreme>(kernels::kReduceMinArity);

}  // namespace arenastore::runtime
