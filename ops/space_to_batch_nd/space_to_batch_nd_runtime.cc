// space_to_batch_nd's runtime lowering: a verified artifact's operator ->
// kernels::SpaceToBatchNdParams, its BlockSpaceOptions read as runtime/block_space_lowering.h
// does and the walk checked by kernels::MakeSpaceToBatchNdParams (padding reads the output zero
// point).
#include "runtime/block_space_lowering.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  BlockSpaceShapes s;
  if (!ReadBlockSpace(c, &s)) return false;
  const Status status =
      kernels::MakeSpaceToBatchNdParams(s.rank, s.input, s.output, s.block, s.before, s.after,
                                        ZeroPoint(c.Output()), &params->space_to_batch_nd);
  if (!status.ok()) return c.Fail("operators.options.block_shape", "%s", status.message());
  return true;
}

}  // namespace

extern const RuntimeOp kSpaceToBatchNdRuntime = {
    schema::OpOptions::BlockSpaceOptions,
    false,
    {kernels::kSpaceToBatchNdArity, {Int8("input", 3, 4)}, Int8("output", 3, 4)},
    &Lower};

}  // namespace arenastore::runtime
