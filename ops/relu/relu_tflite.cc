// relu's TensorFlow Lite mapping: RELU on int8 or int16 tensors -> a graph op with ReluAttributes
// (int8 or int16 activations, one type).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace relu_mapping {

constexpr int32_t kBuiltin = 19;  // TensorFlow Lite's RELU

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kRelu;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = ReluAttributes{};
  return Status::Ok();
}

}  // namespace relu_mapping

extern const TfliteOpMapping kReluTflite = {{relu_mapping::kBuiltin}, 1, &relu_mapping::Map};

}  // namespace arenastore::planner
