// depth_to_space's runtime lowering: a verified artifact's operator -> kernels::DepthToSpaceParams,
// checked as runtime/block_rearrangement_lowering.h does (the block squared divides the input's
// depth).
#include "runtime/block_rearrangement_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerBlockRearrangement(c, &kernels::MakeDepthToSpaceParams, &params->depth_to_space);
}

}  // namespace

extern const RuntimeOp kDepthToSpaceRuntime = {
    schema::OpOptions::BlockSizeOptions,
    false,
    {kernels::kDepthToSpaceArity, {Int8("input", 4, 4)}, Int8("output", 4, 4)},
    &Lower};

}  // namespace arenastore::runtime
