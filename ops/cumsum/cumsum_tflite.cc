// cumsum's TensorFlow Lite mapping: CUMSUM -> a graph op with CumsumAttributes (the constant
// axis operand folded into attributes, with the exclusive and reverse flags), or a reason it
// cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace cumsum_mapping {

constexpr int32_t kCumsumBuiltin = 128;  // TensorFlow Lite's CUMSUM

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.reader().IsConstant(m.inputs()[1])) {
    m.Refuse("axis computed at run time");
    return Status::Ok();
  }
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> axis,
                              m.reader().IntegerConstant(m.inputs()[1], "axis"));
  if (axis.size() != 1) return m.Fail(fmt::format("axis has {} values, expected 1", axis.size()));
  const int64_t rank = static_cast<int64_t>(m.reader().ShapeOf(m.inputs()[0]).size());
  if (rank < 1 || axis[0] < -rank || axis[0] >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for input rank {}", axis[0], rank));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::CumsumOptions* o, m.OptionsOf<tfl::CumsumOptions>(false));
  CumsumAttributes a;
  a.axis = static_cast<int32_t>(axis[0]);
  a.exclusive = o != nullptr && o->exclusive();
  a.reverse = o != nullptr && o->reverse();
  m.result().op.kind = kernels::OpKind::kCumsum;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace cumsum_mapping

extern const TfliteOpMapping kCumsumTflite = {
    {cumsum_mapping::kCumsumBuiltin}, 1, &cumsum_mapping::Map};

}  // namespace arenastore::planner
