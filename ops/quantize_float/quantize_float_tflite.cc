// quantize_float's TensorFlow Lite mapping: QUANTIZE from float32 to int8 or int16 -> a graph
// quantize_float (a model fed floats keeps its float input). QUANTIZE between integer types is
// ops/quantize's (int8 -> int8) or ops/requantize's.
#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {
namespace quantize_float_mapping {

constexpr int32_t kBuiltin = 114;  // TensorFlow Lite's QUANTIZE

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  return in == tfl::TensorType::FLOAT32 &&
         (out == tfl::TensorType::INT8 || out == tfl::TensorType::INT16);
}

}  // namespace quantize_float_mapping

extern const TfliteOpMapping kQuantizeFloatTflite = {
    {quantize_float_mapping::kBuiltin},
    1,
    &MapConversionOf<kernels::OpKind::kQuantizeFloat, QuantizeFloatAttributes,
                     &quantize_float_mapping::Accepts>};

}  // namespace arenastore::planner
