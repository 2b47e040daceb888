// reverse_v2's planner unit: its slice walk (reversed axes walked from their last index with stride
// -1), written to SliceOptions, read back and compared as planner/slice_walk_lowering.h does for
// every unit that carries the walk.
// Its TensorFlow Lite mapping: REVERSE_V2 -> a graph op with ReverseV2Attributes (the constant axis
// operand folded into one walk per input dimension, negative axes counted from the end), or a
// reason it cannot run here. Like TensorFlow Lite Micro it takes one axis or several contiguous
// ones.
#include <algorithm>

#include "kernels/strided_copy.h"
#include "planner/op_unit.h"
#include "planner/slice_walk_lowering.h"

namespace arenastore::planner {

extern const PlannerOp kReverseV2Planner = SliceWalkPlanner<ReverseV2Attributes>();

namespace reverse_v2_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.Constant({1}, "axis")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<int64_t> axes, m.IntegerOperand(1, "axis"));
  const std::vector<int32_t> shape = m.reader().ShapeOf(m.input(0));
  const int64_t rank = static_cast<int64_t>(shape.size());
  if (rank == 0 || rank > kernels::kMaxStridedCopyRank) {
    m.Refuse(fmt::format("rank {} not in [1, {}]", rank, kernels::kMaxStridedCopyRank));
    return Status::Ok();
  }
  for (int64_t& axis : axes) {
    if (axis < -rank || axis >= rank) {
      return m.Fail(fmt::format("axis {} is out of range for rank {}", axis, rank));
    }
    if (axis < 0) axis += rank;
  }
  std::sort(axes.begin(), axes.end());
  if (axes.empty()) {
    m.Refuse("no axis to reverse");
    return Status::Ok();
  }
  for (size_t i = 1; i < axes.size(); ++i) {
    if (axes[i] != axes[i - 1] + 1) {
      m.Refuse("axes that are repeated or not contiguous (TFLM refuses them)");
      return Status::Ok();
    }
  }
  ReverseV2Attributes a;
  for (int64_t d = 0; d < rank; ++d) {
    const bool reversed = std::find(axes.begin(), axes.end(), d) != axes.end();
    a.begin.push_back(reversed && shape[d] > 0 ? shape[d] - 1 : 0);
    a.stride.push_back(reversed ? -1 : 1);
    a.count.push_back(shape[d]);
  }
  return m.EmitByteMove(kernels::OpKind::kReverseV2, a);
}

}  // namespace reverse_v2_mapping

// TensorFlow Lite's REVERSE_V2 (builtin 105).
extern const TfliteOpMapping kReverseV2Tflite = {{105}, 1, &reverse_v2_mapping::Map};

}  // namespace arenastore::planner
