// cast's planner unit: nothing to lower on the host, since kernels::CastParams (an int8, int16 or
// int32 input, an output of its shape of those types or float32; values convert, quantization is
// not read) come whole from the runtime's lowering of its tensors; its options are EmptyOptions.
// Its TensorFlow Lite mapping: CAST from int8, int16 or int32 to int8, int16, int32 or float32 -> a
// graph cast; other types (float inputs, bool, int64) are refused.
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kCastPlanner = EmptyOptionsPlanner<CastAttributes>();

namespace cast_mapping {

constexpr int32_t kBuiltin = 53;  // TensorFlow Lite's CAST

bool IsInteger(tfl::TensorType type) {
  return type == tfl::TensorType::INT8 || type == tfl::TensorType::INT16 ||
         type == tfl::TensorType::INT32;
}

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  return IsInteger(in) && (IsInteger(out) || out == tfl::TensorType::FLOAT32);
}

}  // namespace cast_mapping

extern const TfliteOpMapping kCastTflite = {
    {cast_mapping::kBuiltin},
    1,
    &MapConversionOf<kernels::OpKind::kCast, CastAttributes, &cast_mapping::Accepts>};

}  // namespace arenastore::planner
