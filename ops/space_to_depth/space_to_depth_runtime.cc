// space_to_depth's runtime lowering: a verified artifact's operator -> kernels::SpaceToDepthParams,
// checked on the way: the block divides the input's height and width, and the output has the
// shape the block gives.
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const int32_t block = c.Options<schema::BlockSizeOptions>().block_size();
  int32_t in[4], out[4];
  for (int32_t d = 0; d < 4; ++d) in[d] = Dim(*input, d);
  const Status status = kernels::MakeSpaceToDepthParams(in, block, &params->space_to_depth, out);
  if (!status.ok()) return c.Fail("operators.options.block_size", "%s", status.message());
  for (int32_t d = 0; d < 4; ++d) {
    if (out[d] != Dim(output, d)) {
      return c.Fail("tensors.shape", "output %s is not input %s rearranged by block %d",
                    FormatShape(output).text, FormatShape(*input).text, block);
    }
  }
  return true;
}

}  // namespace

extern const RuntimeOp kSpaceToDepthRuntime = {
    schema::OpOptions::BlockSizeOptions,
    false,
    {kernels::kSpaceToDepthArity, {Int8("input", 4, 4)}, Int8("output", 4, 4)},
    &Lower};

}  // namespace arenastore::runtime
