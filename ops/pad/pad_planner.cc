// pad's planner unit: the checks of its quantization only the host makes (the runtime's lowering
// derives kernels::PadParams); its attributes are PadOptions' native struct, written and read back
// whole.
// Its TensorFlow Lite mapping: PAD / PADV2 -> a graph op with PadAttributes (operands in our order,
// constant operands folded into attributes), or a reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace pad_planning {

// The operands' quantization, which only the host checks; the runtime's lowering checks the
// padding against the shapes, derives kernels::PadParams and the pad value.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<PadAttributes>().status());
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(0), "input"));
  return l.ExpectQuantized(l.Output(), "output");
}

constexpr int32_t kPadBuiltin = 34;    // TensorFlow Lite's PAD
constexpr int32_t kPadv2Builtin = 60;  // TensorFlow Lite's PADV2

// PADV2's fill: a constant int8 scalar, used as its raw value (TFLM's Eval does the same). TFLM's
// Prepare requires it to share the output's quantization; only a value other than the output
// zero point needs an attribute (PAD's fill is that zero point).
Status MapPadValue(TfliteOpMapper& m, int32_t value_tensor, PadAttributes* a) {
  const std::span<const uint8_t> data = m.reader().DataOf(value_tensor);
  if (data.empty()) {
    m.Refuse("constant_values computed at run time");
    return Status::Ok();
  }
  // One element of the input's type (int8, or int16 in 16x8 models), little-endian.
  const tfl::TensorType type = m.reader().TensorTypeOf(value_tensor);
  const bool int16 = type == tfl::TensorType::INT16;
  if (type != m.reader().TensorTypeOf(m.input(0)) || data.size() != (int16 ? 2u : 1u)) {
    m.Refuse("constant_values is not a single element of the input's type");
    return Status::Ok();
  }
  const int32_t value =
      int16 ? static_cast<int16_t>(data[0] | (data[1] << 8)) : static_cast<int8_t>(data[0]);
  const int64_t zero_point = m.ZeroPointOf(m.output());
  const int64_t value_zero_point = m.ZeroPointOf(value_tensor);
  if (value_zero_point != zero_point || m.ScaleOf(value_tensor) != m.ScaleOf(m.output())) {
    m.Refuse(fmt::format("constant_values quantization ({}, {}) differs from the output's ({}, {})",
                         m.ScaleOf(value_tensor), value_zero_point, m.ScaleOf(m.output()),
                         zero_point));
    return Status::Ok();
  }
  // Absent means TFLM's default fill: the zero point for int8, 0 for int16.
  if (value != (int16 ? 0 : zero_point)) a->pad_value = value;
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  const bool v2 = m.builtin() == kPadv2Builtin;
  ARENASTORE_RETURN_IF_ERROR(v2 ? m.ExpectArity(2, 3, 2) : m.ExpectArity(2, 2));
  if (!m.Constant({1}, "paddings")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> paddings, m.IntegerOperand(1, "paddings"));
  const size_t rank = m.reader().ShapeOf(m.input(0)).size();
  if (paddings.size() != 2 * rank) {
    return m.Fail(
        fmt::format("paddings has {} values, expected 2 x rank {}", paddings.size(), rank));
  }
  PadAttributes a;
  for (size_t i = 0; i < rank; ++i) {
    ARENASTORE_RETURN_IF_ERROR(FoldPaddingPair(m, paddings, i, "padding", &a.before, &a.after));
  }
  std::vector<int32_t> activations = {m.input(0), m.output()};
  if (v2 && m.HasInput(2)) activations.push_back(m.input(2));
  m.AcceptInt8OrInt16Activations(activations);
  if (v2 && m.HasInput(2)) ARENASTORE_RETURN_IF_ERROR(MapPadValue(m, m.input(2), &a));
  return m.Emit(kernels::OpKind::kPad, {m.input(0)}, a);
}

}  // namespace pad_planning

extern const PlannerOp kPadPlanner = OptionsStructPlanner<PadAttributes>(&pad_planning::Lower);

extern const TfliteOpMapping kPadTflite = {
    {pad_planning::kPadBuiltin, pad_planning::kPadv2Builtin}, 2, &pad_planning::Map};

}  // namespace arenastore::planner
