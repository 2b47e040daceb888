// relu6's TensorFlow Lite mapping: RELU6 on int8 or int16 tensors -> a graph op with
// Relu6Attributes (int8 or int16 activations, one type).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace relu6_mapping {

constexpr int32_t kBuiltin = 21;  // TensorFlow Lite's RELU6

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kRelu6;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = Relu6Attributes{};
  return Status::Ok();
}

}  // namespace relu6_mapping

extern const TfliteOpMapping kRelu6Tflite = {{relu6_mapping::kBuiltin}, 1, &relu6_mapping::Map};

}  // namespace arenastore::planner
