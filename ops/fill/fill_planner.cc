// fill's planner unit: nothing the host alone computes (the runtime's lowering checks the int8
// scalar value and output and derives kernels::FillParams); its options are EmptyOptions
// (planner/empty_options_planning.h).
// Its TensorFlow Lite mapping: FILL -> a graph fill over the scalar value input (the constant dims
// operand checked against the output's shape), or a reason it cannot run here.
#include <algorithm>

#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kFillPlanner = EmptyOptionsPlanner<FillAttributes>();

namespace fill_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  const int32_t value = m.input(1);
  if (!m.Constant({0}, "dims")) return Status::Ok();
  if (m.reader().TensorTypeOf(value) != tfl::TensorType::INT8 ||
      m.reader().TensorTypeOf(m.output()) != tfl::TensorType::INT8) {
    m.Refuse("only an int8 value and output run here");
    return Status::Ok();
  }
  if (!m.reader().ShapeOf(value).empty()) return m.Fail("value is not a scalar");
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> shape, m.IntegerOperand(0, "dims"));
  const std::vector<int32_t> output = m.reader().ShapeOf(m.output());
  if (!std::equal(shape.begin(), shape.end(), output.begin(), output.end())) {
    return m.Fail("dims disagree with the output's shape");
  }
  return m.Emit(kernels::OpKind::kFill, {value}, FillAttributes{});
}

}  // namespace fill_mapping

// TensorFlow Lite's FILL (builtin 94).
extern const TfliteOpMapping kFillTflite = {{94}, 1, &fill_mapping::Map};

}  // namespace arenastore::planner
