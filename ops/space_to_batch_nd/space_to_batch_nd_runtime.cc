// space_to_batch_nd's runtime lowering: a verified artifact's operator ->
// kernels::SpaceToBatchNdParams, checked on the way: one (block, paddings) per spatial dimension
// turning the padded input's shape into the output's; padding reads the output zero point.
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const schema::BlockSpaceOptions& o = c.Options<schema::BlockSpaceOptions>();
  const int32_t rank = Rank(*input);
  const uint32_t spatial = static_cast<uint32_t>(rank - 2);
  if (Rank(output) != rank || o.block_shape() == nullptr || o.before() == nullptr ||
      o.after() == nullptr || o.block_shape()->size() != spatial || o.before()->size() != spatial ||
      o.after()->size() != spatial) {
    return c.Fail("operators.options.block_shape",
                  "block_shape, before and after need one entry per spatial dimension of input "
                  "%s and an output of its rank",
                  FormatShape(*input).text);
  }
  int32_t in[4] = {}, out[4] = {}, block[2] = {}, before[2] = {}, after[2] = {};
  for (int32_t d = 0; d < rank; ++d) {
    in[d] = Dim(*input, d);
    out[d] = Dim(output, d);
  }
  for (uint32_t s = 0; s < spatial; ++s) {
    block[s] = o.block_shape()->Get(s);
    before[s] = o.before()->Get(s);
    after[s] = o.after()->Get(s);
  }
  const Status status = kernels::MakeSpaceToBatchNdParams(
      rank, in, out, block, before, after, ZeroPoint(output), &params->space_to_batch_nd);
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
