// quantize's TensorFlow Lite mapping: QUANTIZE on int8 tensors -> a graph op with
// QuantizeAttributes (int16 activations are refused with a reason).
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 114;  // TensorFlow Lite's QUANTIZE

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapInt8Unary(m, kernels::OpKind::kQuantize));
  m.result().op.attributes = QuantizeAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kQuantizeTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
