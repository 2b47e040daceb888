#include "runtime/block_rearrangement_lowering.h"

#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

StatusRef LowerBlockRearrangement(const OpChecker& c, BlockWalkMaker make,
                                  kernels::StridedCopyParams* walk) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const int32_t block = c.Options<schema::BlockSizeOptions>().block_size();
  int32_t in[4], out[4];
  for (int32_t d = 0; d < 4; ++d) in[d] = Dim(*input, d);
  const Status status = make(in, block, walk, out);
  if (!status.ok()) return c.Fail("operators.options.block_size", "%s", status.message());
  for (int32_t d = 0; d < 4; ++d) {
    if (out[d] != Dim(output, d)) {
      return c.Fail("tensors.shape", "output %s is not input %s rearranged by block %d",
                    FormatShape(output).text, FormatShape(*input).text, block);
    }
  }
  return StatusRef::Ok();
}

}  // namespace arenastore::runtime
