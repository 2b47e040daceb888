// batch_to_space_nd's runtime lowering: a verified artifact's operator ->
// kernels::BatchToSpaceNdParams, its BlockSpaceOptions read as runtime/block_space_lowering.h
// does and the walk checked by kernels::MakeBatchToSpaceNdParams.
#include "runtime/block_space_lowering.h"

namespace arenastore::runtime {
namespace {

StatusRef Build(const OpChecker& c, const BlockSpaceShapes& s, kernels::OpParams* params) {
  return BlockSpaceBuilt(
      c, kernels::MakeBatchToSpaceNdParams(s.rank, s.input, s.output, s.block, s.before, s.after,
                                           &params->batch_to_space_nd));
}

}  // namespace

extern const RuntimeOp kBatchToSpaceNdRuntime =
    BlockSpaceRuntime<&Build>(kernels::kBatchToSpaceNdArity);

}  // namespace arenastore::runtime
