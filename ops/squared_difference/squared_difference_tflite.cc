// squared_difference's TensorFlow Lite mapping: SQUARED_DIFFERENCE -> a graph op with
// SquaredDifferenceAttributes (operands in TFLite's order; its options table has no fields), or a
// reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace squared_difference_mapping {

constexpr int32_t kSquaredDifferenceBuiltin = 99;  // TensorFlow Lite's SQUARED_DIFFERENCE

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kSquaredDifference;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = SquaredDifferenceAttributes{};
  return Status::Ok();
}

}  // namespace squared_difference_mapping

extern const TfliteOpMapping kSquaredDifferenceTflite = {
    {squared_difference_mapping::kSquaredDifferenceBuiltin}, 1, &squared_difference_mapping::Map};

}  // namespace arenastore::planner
