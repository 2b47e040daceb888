// depth_to_space's runtime lowering: a verified artifact's operator -> kernels::DepthToSpaceParams,
// checked as runtime/block_rearrangement_lowering.h does (the block squared divides the input's
// depth).
#include "runtime/block_rearrangement_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kDepthToSpaceRuntime =
    BlockRearrangementRuntime<&kernels::MakeDepthToSpaceParams, &kernels::OpParams::depth_to_space>(
        kernels::kDepthToSpaceArity);

}  // namespace arenastore::runtime
