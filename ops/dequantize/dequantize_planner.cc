// dequantize's planner unit: nothing to lower on the host, since kernels::DequantizeParams (a
// per-tensor quantized int8 or int16 input, a float32 output of its shape) come whole from the
// runtime's lowering of its tensors, which checks the scale too; its options are EmptyOptions.
// Its TensorFlow Lite mapping: DEQUANTIZE from int8 or int16 to float32 -> a graph dequantize (a
// model's float output stays float in the artifact); other types are refused.
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kDequantizePlanner = EmptyOptionsPlanner<DequantizeAttributes>();

namespace dequantize_mapping {

constexpr int32_t kBuiltin = 6;  // TensorFlow Lite's DEQUANTIZE

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  return (in == tfl::TensorType::INT8 || in == tfl::TensorType::INT16) &&
         out == tfl::TensorType::FLOAT32;
}

}  // namespace dequantize_mapping

extern const TfliteOpMapping kDequantizeTflite = {
    {dequantize_mapping::kBuiltin},
    1,
    &MapConversionOf<kernels::OpKind::kDequantize, DequantizeAttributes,
                     &dequantize_mapping::Accepts>};

}  // namespace arenastore::planner
