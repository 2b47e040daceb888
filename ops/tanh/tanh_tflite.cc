// tanh's TensorFlow Lite mapping: TANH on int8 tensors -> a graph op with TanhAttributes
// (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 28;  // TensorFlow Lite's TANH

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kTanh));
  m.result().op.attributes = TanhAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kTanhTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
