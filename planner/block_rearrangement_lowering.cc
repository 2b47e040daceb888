#include "planner/block_rearrangement_lowering.h"

namespace arenastore::planner {

Status CheckBlockRearrangement(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  return l.ExpectSameQuantization(input, output);
}

WrittenOptions WriteBlockSize(OptionsWriter& w, int32_t block_size) {
  return {schema::OpOptions::BlockSizeOptions,
          schema::CreateBlockSizeOptions(w.builder(), block_size).Union()};
}

int32_t ReadBlockSize(const schema::Operator& op) {
  return op.options_as_BlockSizeOptions()->block_size();
}

}  // namespace arenastore::planner
