// strided_slice's runtime lowering: a verified artifact's operator -> kernels::StridedSliceParams,
// the slice walk of its SliceOptions checked as runtime/slice_walk_lowering.h says.
#include "runtime/slice_walk_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kStridedSliceRuntime = SliceWalkRuntime<&kernels::OpParams::strided_slice>(
    kernels::kStridedSliceArity,
    {InputAliasing::kWhenContiguous, &ContiguousWalkStart<&kernels::OpParams::strided_slice>});

}  // namespace arenastore::runtime
