// quantize_float's planner unit: nothing to lower on the host, since kernels::QuantizeFloatParams
// (a float32 input, a per-tensor quantized int8 or int16 output of its shape) come whole from the
// runtime's lowering of its tensors, which checks the scale too; its options are EmptyOptions.
// Its TensorFlow Lite mapping: QUANTIZE from float32 to int8 or int16 -> a graph quantize_float (a
// model fed floats keeps its float input). QUANTIZE between integer types is ops/quantize's (int8
// -> int8) or ops/requantize's.
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kQuantizeFloatPlanner = EmptyOptionsPlanner<QuantizeFloatAttributes>();

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
