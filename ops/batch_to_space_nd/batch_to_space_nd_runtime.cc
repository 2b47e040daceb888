// batch_to_space_nd's runtime lowering: a verified artifact's operator ->
// kernels::BatchToSpaceNdParams, its BlockSpaceOptions read as runtime/block_space_lowering.h
// does and the walk checked by kernels::MakeBatchToSpaceNdParams.
#include "runtime/block_space_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  BlockSpaceShapes s;
  if (!ReadBlockSpace(c, &s)) return false;
  const Status status = kernels::MakeBatchToSpaceNdParams(
      s.rank, s.input, s.output, s.block, s.before, s.after, &params->batch_to_space_nd);
  if (!status.ok()) return c.Fail("operators.options.block_shape", "%s", status.message());
  return true;
}

}  // namespace

extern const RuntimeOp kBatchToSpaceNdRuntime = {
    schema::OpOptions::BlockSpaceOptions,
    false,
    {kernels::kBatchToSpaceNdArity, {Int8("input", 3, 4)}, Int8("output", 3, 4)},
    &Lower};

}  // namespace arenastore::runtime
