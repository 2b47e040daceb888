// space_to_batch_nd's TensorFlow Lite mapping: SPACE_TO_BATCH_ND -> a graph op with
// SpaceToBatchNdAttributes (the constant block_shape and paddings operands folded in), or a reason
// it cannot run here (TFLM takes rank 3 or 4 inputs only). Padding reads the output zero point,
// as TensorFlow Lite's SpaceToBatchND does.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace space_to_batch_nd_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  if (!m.Constant({1, 2}, "block_shape and paddings")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> block, m.IntegerOperand(1, "block_shape"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> paddings, m.IntegerOperand(2, "paddings"));
  const size_t rank = m.reader().ShapeOf(m.input(0)).size();
  if (rank != 3 && rank != 4) {
    m.Refuse(fmt::format("rank {} (TFLM takes 3 or 4)", rank));
    return Status::Ok();
  }
  if (block.size() != rank - 2 || paddings.size() != 2 * (rank - 2)) {
    return m.Fail(fmt::format("block_shape has {} and paddings {} values for rank {}", block.size(),
                              paddings.size(), rank));
  }
  SpaceToBatchNdAttributes a;
  for (size_t s = 0; s < rank - 2; ++s) {
    if (block[s] < 1 || block[s] > kMaxWindow) {
      return m.Fail(fmt::format("block_shape {} is not in [1, 2^24]", block[s]));
    }
    for (int64_t padding : {paddings[2 * s], paddings[2 * s + 1]}) {
      if (padding < 0 || padding > kMaxPadding) {
        return m.Fail(fmt::format("padding {} is not in [0, 2^24]", padding));
      }
    }
    a.block_shape.push_back(static_cast<int32_t>(block[s]));
    a.before.push_back(static_cast<int32_t>(paddings[2 * s]));
    a.after.push_back(static_cast<int32_t>(paddings[2 * s + 1]));
  }
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kernels::OpKind::kSpaceToBatchNd, {m.input(0)}, a);
}

}  // namespace space_to_batch_nd_mapping

// TensorFlow Lite's SPACE_TO_BATCH_ND (builtin 38).
extern const TfliteOpMapping kSpaceToBatchNdTflite = {{38}, 1, &space_to_batch_nd_mapping::Map};

}  // namespace arenastore::planner
