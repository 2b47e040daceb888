// requantize's TensorFlow Lite mapping: QUANTIZE from int8 or int16 to int8, int16 or int32, and
// from int32 to int8 or int16 (the pairs TensorFlow Lite Micro's QUANTIZE runs between integer
// types), except int8 -> int8 (ops/quantize's table) -> a graph requantize; float inputs are
// ops/quantize_float's.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace requantize_mapping {

constexpr int32_t kBuiltin = 114;  // TensorFlow Lite's QUANTIZE

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  const bool narrow_out = out == tfl::TensorType::INT8 || out == tfl::TensorType::INT16;
  if (in == tfl::TensorType::INT32) return narrow_out;  // TFLM has no int32 -> int32
  const bool in_ok = in == tfl::TensorType::INT8 || in == tfl::TensorType::INT16;
  const bool out_ok = narrow_out || out == tfl::TensorType::INT32;
  return in_ok && out_ok && !(in == tfl::TensorType::INT8 && out == tfl::TensorType::INT8);
}

}  // namespace requantize_mapping

extern const TfliteOpMapping kRequantizeTflite = {
    {requantize_mapping::kBuiltin},
    1,
    &MapConversionOf<kernels::OpKind::kRequantize, RequantizeAttributes,
                     &requantize_mapping::Accepts>};

}  // namespace arenastore::planner
