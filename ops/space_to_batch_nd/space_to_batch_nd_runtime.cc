// space_to_batch_nd's runtime lowering: a verified artifact's operator ->
// kernels::SpaceToBatchNdParams, its BlockSpaceOptions read as runtime/block_space_lowering.h
// does and the walk checked by kernels::MakeSpaceToBatchNdParams (padding reads the output zero
// point).
#include "runtime/block_space_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Build(const OpChecker& c, const BlockSpaceShapes& s, kernels::OpParams* params) {
  return BlockSpaceBuilt(
      c, kernels::MakeSpaceToBatchNdParams(s.rank, s.input, s.output, s.block, s.before, s.after,
                                           ZeroPoint(c.Output()), &params->space_to_batch_nd));
}

}  // namespace

extern const RuntimeOp kSpaceToBatchNdRuntime =
    BlockSpaceRuntime<&Build>(kernels::kSpaceToBatchNdArity);

}  // namespace arenastore::runtime
