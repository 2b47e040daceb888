// reduce_max's runtime lowering: a verified artifact's operator -> kernels::ReduceMaxParams,
// through the lowering the four reductions share (runtime/reduction_lowering.h).
#include "runtime/reduction_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kReduceMaxRuntime =
    ReduceRuntime<&kernels::OpParams::reduce_max, ReduceFold::kExtreme>(kernels::kReduceMaxArity);

}  // namespace arenastore::runtime
