// space_to_depth's runtime lowering: a verified artifact's operator -> kernels::SpaceToDepthParams,
// checked as runtime/block_rearrangement_lowering.h does (the block divides the input's height and
// width).
#include "runtime/block_rearrangement_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerBlockRearrangement(c, &kernels::MakeSpaceToDepthParams, &params->space_to_depth);
}

}  // namespace

extern const RuntimeOp kSpaceToDepthRuntime = {
    schema::OpOptions::BlockSizeOptions,
    false,
    {kernels::kSpaceToDepthArity, {Int8("input", 4, 4)}, Int8("output", 4, 4)},
    &Lower};

}  // namespace arenastore::runtime
