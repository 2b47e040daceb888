#include "planner/block_space_lowering.h"

#include "planner/options_reading.h"

namespace arenastore::planner {

Status CheckBlockSpace(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  return l.ExpectSameQuantization(input, output);
}

WrittenOptions WriteBlockSpace(OptionsWriter& w, const BlockSpaceAttributes& a) {
  return {schema::OpOptions::BlockSpaceOptions,
          schema::CreateBlockSpaceOptionsDirect(w.builder(), &a.block_shape, &a.before, &a.after)
              .Union()};
}

BlockSpaceAttributes ReadBlockSpace(const schema::Operator& op) {
  const auto& o = *op.options_as_BlockSpaceOptions();
  BlockSpaceAttributes a;
  a.block_shape = CopyVector(o.block_shape());
  a.before = CopyVector(o.before());
  a.after = CopyVector(o.after());
  return a;
}

}  // namespace arenastore::planner
