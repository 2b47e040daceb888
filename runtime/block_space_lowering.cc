#include "runtime/block_space_lowering.h"

#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

StatusRef ReadBlockSpace(const OpChecker& c, BlockSpaceShapes* shapes) {
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
  *shapes = {};
  shapes->rank = rank;
  for (int32_t d = 0; d < rank; ++d) {
    shapes->input[d] = Dim(*input, d);
    shapes->output[d] = Dim(output, d);
  }
  for (uint32_t s = 0; s < spatial; ++s) {
    shapes->block[s] = o.block_shape()->Get(s);
    shapes->before[s] = o.before()->Get(s);
    shapes->after[s] = o.after()->Get(s);
  }
  return StatusRef::Ok();
}

}  // namespace arenastore::runtime
