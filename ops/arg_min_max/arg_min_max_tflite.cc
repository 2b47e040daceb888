// arg_min_max's TensorFlow Lite mapping: ARG_MAX / ARG_MIN -> a graph op with
// ArgMinMaxAttributes (the kind from the builtin, the constant axis operand folded in), or a
// reason it cannot run here (an axis computed at run time, an int64 output).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace arg_min_max_mapping {

constexpr int32_t kArgMaxBuiltin = 56;  // TensorFlow Lite's ARG_MAX
constexpr int32_t kArgMinBuiltin = 79;  // TensorFlow Lite's ARG_MIN

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.reader().IsConstant(m.inputs()[1])) {
    m.Refuse("axis computed at run time");
    return Status::Ok();
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> axis,
                              m.reader().IntegerConstant(m.inputs()[1], "axis"));
  if (axis.size() != 1) {
    return m.Fail(fmt::format("axis has {} values, expected 1", axis.size()));
  }
  if (m.reader().TensorTypeOf(m.outputs()[0]) != tfl::TensorType::INT32) {
    m.Refuse("output is not int32");
    return Status::Ok();
  }
  const int64_t rank = static_cast<int64_t>(m.reader().ShapeOf(m.inputs()[0]).size());
  if (axis[0] < -rank || axis[0] >= rank) {
    return m.Fail(fmt::format("axis {} out of range for rank {}", axis[0], rank));
  }
  m.result().op.kind = kernels::OpKind::kArgMinMax;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes =
      ArgMinMaxAttributes{m.builtin() == kArgMaxBuiltin ? kernels::ArgMinMaxKind::kArgMax
                                                        : kernels::ArgMinMaxKind::kArgMin,
                          static_cast<int32_t>(axis[0])};
  return Status::Ok();
}

}  // namespace arg_min_max_mapping

extern const TfliteOpMapping kArgMinMaxTflite = {
    {arg_min_max_mapping::kArgMaxBuiltin, arg_min_max_mapping::kArgMinBuiltin},
    2,
    &arg_min_max_mapping::Map};

}  // namespace arenastore::planner
