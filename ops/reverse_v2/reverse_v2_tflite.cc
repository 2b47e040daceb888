// reverse_v2's TensorFlow Lite mapping: REVERSE_V2 -> a graph op with ReverseV2Attributes (the
// constant axis operand folded into one walk per input dimension, negative axes counted from the
// end), or a reason it cannot run here. Like TensorFlow Lite Micro it takes one axis or several
// contiguous ones.
#include <algorithm>

#include "kernels/strided_copy.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace reverse_v2_mapping {

constexpr int32_t kReverseV2Builtin = 105;  // TensorFlow Lite's REVERSE_V2

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.reader().IsConstant(m.inputs()[1])) {
    m.Refuse("axis computed at run time");
    return Status::Ok();
  }
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<int64_t> axes,
                              m.reader().IntegerConstant(m.inputs()[1], "axis"));
  const std::vector<int32_t> shape = m.reader().ShapeOf(m.inputs()[0]);
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
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.RefuseUnlessSameQuantization(m.inputs()[0], m.outputs()[0]);
  m.result().op.kind = kernels::OpKind::kReverseV2;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace reverse_v2_mapping

extern const TfliteOpMapping kReverseV2Tflite = {
    {reverse_v2_mapping::kReverseV2Builtin}, 1, &reverse_v2_mapping::Map};

}  // namespace arenastore::planner
