// fill's TensorFlow Lite mapping: FILL -> a graph fill over the scalar value input (the constant
// dims operand checked against the output's shape), or a reason it cannot run here.
#include <algorithm>

#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace fill_mapping {

constexpr int32_t kFillBuiltin = 94;  // TensorFlow Lite's FILL

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  const int32_t dims = m.inputs()[0], value = m.inputs()[1];
  if (!m.reader().IsConstant(dims)) {
    m.Refuse("dims computed at run time");
    return Status::Ok();
  }
  if (m.reader().TensorTypeOf(value) != tfl::TensorType::INT8 ||
      m.reader().TensorTypeOf(m.outputs()[0]) != tfl::TensorType::INT8) {
    m.Refuse("only an int8 value and output run here");
    return Status::Ok();
  }
  if (!m.reader().ShapeOf(value).empty()) return m.Fail("value is not a scalar");
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> shape,
                              m.reader().IntegerConstant(dims, "dims"));
  const std::vector<int32_t> output = m.reader().ShapeOf(m.outputs()[0]);
  if (!std::equal(shape.begin(), shape.end(), output.begin(), output.end())) {
    return m.Fail("dims disagree with the output's shape");
  }
  m.result().op.kind = kernels::OpKind::kFill;
  m.result().op.inputs = {value};
  m.result().op.attributes = FillAttributes{};
  return Status::Ok();
}

}  // namespace fill_mapping

extern const TfliteOpMapping kFillTflite = {{fill_mapping::kFillBuiltin}, 1, &fill_mapping::Map};

}  // namespace arenastore::planner
