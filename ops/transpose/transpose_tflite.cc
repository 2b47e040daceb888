// transpose's TensorFlow Lite mapping: TRANSPOSE -> a graph op with TransposeAttributes (the
// constant perm operand folded in, negative entries counted from the end), or a reason it
// cannot run here.
#include "kernels/strided_copy.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace transpose_mapping {

constexpr int32_t kTransposeBuiltin = 39;  // TensorFlow Lite's TRANSPOSE

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.reader().IsConstant(m.inputs()[1])) {
    m.Refuse("perm computed at run time");
    return Status::Ok();
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> perm,
                              m.reader().IntegerConstant(m.inputs()[1], "perm"));
  const int64_t rank = static_cast<int64_t>(m.reader().ShapeOf(m.inputs()[0]).size());
  if (static_cast<int64_t>(perm.size()) != rank) {
    return m.Fail(fmt::format("perm has {} entries for an input of rank {}", perm.size(), rank));
  }
  if (rank > kernels::kMaxStridedCopyRank) {
    m.Refuse(fmt::format("rank {} above {}", rank, kernels::kMaxStridedCopyRank));
  }
  TransposeAttributes a;
  for (int64_t value : perm) {
    if (value < -rank || value >= rank) {
      return m.Fail(fmt::format("perm entry {} is out of range for rank {}", value, rank));
    }
    a.perm.push_back(static_cast<int32_t>(value < 0 ? value + rank : value));
  }
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.RefuseUnlessSameQuantization(m.inputs()[0], m.outputs()[0]);
  m.result().op.kind = kernels::OpKind::kTranspose;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace transpose_mapping

extern const TfliteOpMapping kTransposeTflite = {
    {transpose_mapping::kTransposeBuiltin}, 1, &transpose_mapping::Map};

}  // namespace arenastore::planner
