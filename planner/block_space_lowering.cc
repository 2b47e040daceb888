#include "planner/block_space_lowering.h"

#include "planner/options_reading.h"

namespace arenastore::planner {

Status CheckBlockSpace(const Lowering& l, const BlockSpaceAttributes& a, const char* edges) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  const size_t rank = input.shape.size();
  if ((rank != 3 && rank != 4) || output.shape.size() != rank || a.block_shape.size() != rank - 2 ||
      a.before.size() != rank - 2 || a.after.size() != rank - 2) {
    return l.Fail("needs rank 3 or 4 and one block/{} entry per spatial dimension", edges);
  }
  return Status::Ok();
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
