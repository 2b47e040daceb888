// reverse_v2's runtime lowering: a verified artifact's operator -> kernels::ReverseV2Params, the
// slice walk of its SliceOptions checked as runtime/slice_walk_lowering.h says.
#include "runtime/slice_walk_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kReverseV2Runtime =
    SliceWalkRuntime<&kernels::OpParams::reverse_v2>(kernels::kReverseV2Arity);

}  // namespace arenastore::runtime
