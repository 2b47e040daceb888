// space_to_depth's runtime lowering: a verified artifact's operator -> kernels::SpaceToDepthParams,
// checked as runtime/block_rearrangement_lowering.h does (the block divides the input's height and
// width).
#include "runtime/block_rearrangement_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kSpaceToDepthRuntime =
    BlockRearrangementRuntime<&kernels::MakeSpaceToDepthParams, &kernels::OpParams::space_to_depth>(
        kernels::kSpaceToDepthArity);

}  // namespace arenastore::runtime
