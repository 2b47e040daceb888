// slice's runtime lowering: a verified artifact's operator -> kernels::SliceParams, the
// slice walk of its SliceOptions checked as runtime/slice_walk_lowering.h says.
#include "runtime/slice_walk_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kSliceRuntime = SliceWalkRuntime<&kernels::OpParams::slice>(
    kernels::kSliceArity,
    {InputAliasing::kWhenContiguous, &ContiguousWalkStart<&kernels::OpParams::slice>});

}  // namespace arenastore::runtime
