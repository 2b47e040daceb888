// broadcast_to's TensorFlow Lite mapping: BROADCAST_TO -> a graph op with BroadcastToAttributes
// (the constant shape operand only restates the output's static shape, and must), or a reason it
// cannot run here.
#include <algorithm>

#include "kernels/strided_copy.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace broadcast_to_mapping {

constexpr int32_t kBroadcastToBuiltin = 130;  // TensorFlow Lite's BROADCAST_TO

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.reader().IsConstant(m.inputs()[1])) {
    m.Refuse("shape computed at run time");
    return Status::Ok();
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> shape,
                              m.reader().IntegerConstant(m.inputs()[1], "shape"));
  const std::vector<int32_t> output = m.reader().ShapeOf(m.outputs()[0]);
  if (shape.size() != output.size() || !std::equal(shape.begin(), shape.end(), output.begin(),
                                                   [](int64_t a, int32_t b) { return a == b; })) {
    return m.Fail("the shape operand differs from the output's shape");
  }
  const size_t input_rank = m.reader().ShapeOf(m.inputs()[0]).size();
  if (output.empty() || output.size() > 5 || input_rank > output.size()) {
    m.Refuse(fmt::format("rank {} to rank {} (TFLM broadcasts up to rank 5)", input_rank,
                         output.size()));
    return Status::Ok();
  }
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.RefuseUnlessSameQuantization(m.inputs()[0], m.outputs()[0]);
  m.result().op.kind = kernels::OpKind::kBroadcastTo;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = BroadcastToAttributes{};
  return Status::Ok();
}

}  // namespace broadcast_to_mapping

extern const TfliteOpMapping kBroadcastToTflite = {
    {broadcast_to_mapping::kBroadcastToBuiltin}, 1, &broadcast_to_mapping::Map};

}  // namespace arenastore::planner
