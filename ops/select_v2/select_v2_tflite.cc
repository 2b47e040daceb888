// select_v2's TensorFlow Lite mapping: SELECT_V2 -> a graph op with SelectV2Attributes (operands
// in TFLite's order: condition, x, y), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace select_v2_mapping {

constexpr int32_t kSelectV2Builtin = 123;  // TensorFlow Lite's SELECT_V2

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  m.AcceptInt8OrInt16Activations({m.inputs()[1], m.inputs()[2], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kSelectV2;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1], m.inputs()[2]};
  m.result().op.attributes = SelectV2Attributes{};
  return Status::Ok();
}

}  // namespace select_v2_mapping

extern const TfliteOpMapping kSelectV2Tflite = {
    {select_v2_mapping::kSelectV2Builtin}, 1, &select_v2_mapping::Map};

}  // namespace arenastore::planner
