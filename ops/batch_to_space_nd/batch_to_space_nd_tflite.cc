// batch_to_space_nd's TensorFlow Lite mapping: BATCH_TO_SPACE_ND -> a graph op with
// BatchToSpaceNdAttributes (the constant block_shape and crops operands folded in), or a reason
// it cannot run here (TFLM takes rank 3 or 4 inputs only).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace batch_to_space_nd_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  if (!m.Constant({1, 2}, "block_shape and crops")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> block, m.IntegerOperand(1, "block_shape"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> crops, m.IntegerOperand(2, "crops"));
  const size_t rank = m.reader().ShapeOf(m.input(0)).size();
  if (rank != 3 && rank != 4) {
    m.Refuse(fmt::format("rank {} (TFLM takes 3 or 4)", rank));
    return Status::Ok();
  }
  if (block.size() != rank - 2 || crops.size() != 2 * (rank - 2)) {
    return m.Fail(fmt::format("block_shape has {} and crops {} values for rank {}", block.size(),
                              crops.size(), rank));
  }
  BatchToSpaceNdAttributes a;
  for (size_t s = 0; s < rank - 2; ++s) {
    if (block[s] < 1 || block[s] > kMaxWindow) {
      return m.Fail(fmt::format("block_shape {} is not in [1, 2^24]", block[s]));
    }
    for (int64_t crop : {crops[2 * s], crops[2 * s + 1]}) {
      if (crop < 0 || crop > kMaxPadding) {
        return m.Fail(fmt::format("crop {} is not in [0, 2^24]", crop));
      }
    }
    a.block_shape.push_back(static_cast<int32_t>(block[s]));
    a.before.push_back(static_cast<int32_t>(crops[2 * s]));
    a.after.push_back(static_cast<int32_t>(crops[2 * s + 1]));
  }
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kernels::OpKind::kBatchToSpaceNd, {m.input(0)}, a);
}

}  // namespace batch_to_space_nd_mapping

// TensorFlow Lite's BATCH_TO_SPACE_ND (builtin 37).
extern const TfliteOpMapping kBatchToSpaceNdTflite = {{37}, 1, &batch_to_space_nd_mapping::Map};

}  // namespace arenastore::planner
