// relu's TensorFlow Lite mapping: RELU on int8 tensors -> a graph op with ReluAttributes
// (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 19;  // TensorFlow Lite's RELU

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kRelu));
  m.result().op.attributes = ReluAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kReluTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
