#include "planner/block_rearrangement_lowering.h"

#include <vector>

namespace arenastore::planner {

Status LowerBlockRearrangement(const Lowering& l, int32_t block_size, BlockWalkMaker make,
                               kernels::StridedCopyParams* walk) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectRank(input, 4, "input"));
  std::vector<int32_t> expected(4);
  const Status status = make(input.shape.data(), block_size, walk, expected.data());
  if (!status.ok()) return l.Fail("{}", status.message());
  return l.ExpectShape(output, expected, "output");
}

WrittenOptions WriteBlockSize(OptionsWriter& w, int32_t block_size) {
  return {schema::OpOptions::BlockSizeOptions,
          schema::CreateBlockSizeOptions(w.builder(), block_size).Union()};
}

int32_t ReadBlockSize(const schema::Operator& op) {
  return op.options_as_BlockSizeOptions()->block_size();
}

}  // namespace arenastore::planner
