// tanh's TensorFlow Lite mapping: TANH on int8 or int16 tensors (one type
// throughout) -> a graph op with TanhAttributes (or a reason it cannot run here).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace tanh_mapping {

constexpr int32_t kBuiltin = 28;  // TensorFlow Lite's TANH

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  m.AcceptInt8OrInt16Activations({m.inputs()[0], m.outputs()[0]});
  m.result().op.kind = kernels::OpKind::kTanh;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = TanhAttributes{};
  return Status::Ok();
}

}  // namespace tanh_mapping

extern const TfliteOpMapping kTanhTflite = {{tanh_mapping::kBuiltin}, 1, &tanh_mapping::Map};

}  // namespace arenastore::planner
