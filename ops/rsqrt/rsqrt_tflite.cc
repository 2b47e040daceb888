// rsqrt's TensorFlow Lite mapping: RSQRT on int8 tensors -> a graph op with RsqrtAttributes
// (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 76;  // TensorFlow Lite's RSQRT

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kRsqrt));
  m.result().op.attributes = RsqrtAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kRsqrtTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
