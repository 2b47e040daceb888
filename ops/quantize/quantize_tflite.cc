// quantize's TensorFlow Lite mapping: QUANTIZE from int8 to int8 -> a graph op with
// QuantizeAttributes (a table lookup). From float it is ops/quantize_float's, between other
// integer types ops/requantize's.
#include "planner/import/tflite_op_mapper.h"
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kBuiltin = 114;  // TensorFlow Lite's QUANTIZE

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  return in == tfl::TensorType::INT8 && out == tfl::TensorType::INT8;
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(MapConversion(m, kernels::OpKind::kQuantize, &Accepts));
  m.result().op.attributes = QuantizeAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kQuantizeTflite = {{kBuiltin}, 1, &Map};

}  // namespace arenastore::planner
