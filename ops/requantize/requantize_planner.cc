// requantize's planner unit: its lowering to kernels::RequantizeParams (an int8, int16 or int32
// input and an int8, int16 or int32 output of its shape, not both int32, both quantized per tensor;
// the multiplier is input scale / output scale, as TensorFlow Lite Micro's QUANTIZE prepares it),
// and the RequantizeOptions it writes and reads back for re-planning.
// Its TensorFlow Lite mapping: QUANTIZE from int8 or int16 to int8, int16 or int32, and from int32
// to int8 or int16 (the pairs TensorFlow Lite Micro's QUANTIZE runs between integer types), except
// int8 -> int8 (ops/quantize's table) -> a graph requantize; float inputs are ops/quantize_float's.
#include "planner/int8_table.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace requantize_planning {

// Only the multiplier is the host's: the runtime's lowering checks the types, zero points and
// shapes and fills the rest. The scales are checked here first, as the multiplier divides them.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<RequantizeAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectScale(output, "output"));
  const Result<FixedPointMultiplier> rescale = CheckedQuantizeMultiplier(
      static_cast<double>(input.scale()) / static_cast<double>(output.scale()), "QUANTIZE",
      "input/output");
  if (!rescale.ok()) return l.Fail("{}", rescale.status().message());
  auto& p = lowered->mutable_options<RequantizeAttributes>();
  p.multiplier = rescale->multiplier;
  p.shift = rescale->shift;
  return Status::Ok();
}

constexpr int32_t kBuiltin = 114;  // TensorFlow Lite's QUANTIZE

bool Accepts(tfl::TensorType in, tfl::TensorType out) {
  const bool narrow_out = out == tfl::TensorType::INT8 || out == tfl::TensorType::INT16;
  if (in == tfl::TensorType::INT32) return narrow_out;  // TFLM has no int32 -> int32
  const bool in_ok = in == tfl::TensorType::INT8 || in == tfl::TensorType::INT16;
  const bool out_ok = narrow_out || out == tfl::TensorType::INT32;
  return in_ok && out_ok && !(in == tfl::TensorType::INT8 && out == tfl::TensorType::INT8);
}

}  // namespace requantize_planning

extern const PlannerOp kRequantizePlanner =
    OptionsStructPlanner<RequantizeAttributes>(&requantize_planning::Lower);

extern const TfliteOpMapping kRequantizeTflite = {
    {requantize_planning::kBuiltin},
    1,
    &MapConversionOf<kernels::OpKind::kRequantize, RequantizeAttributes,
                     &requantize_planning::Accepts>};

}  // namespace arenastore::planner
