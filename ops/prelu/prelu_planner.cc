// prelu's planner unit: its lowering from float scales to kernels::PreluParams (as TensorFlow Lite
// Micro's CalculatePreluParams), the PreluOptions it writes to an artifact and reads back for
// re-planning, and which of those fields two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: PRELU -> a graph op over (input, alpha) with PreluAttributes; alpha
// must be a constant int8 tensor with one scale (it parameterizes the op as weights do), a computed
// or per-channel alpha is refused with a reason.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace prelu_planning {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<PreluAttributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& alpha = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(
      ExpectQuantizedOperands(l, {{input, "input"}, {alpha, "alpha"}, {output, "output"}}));
  if (alpha.quantization.scales.size() != 1) {
    return l.Fail("alpha '{}' has {} scales, expected one (per-tensor)", alpha.name,
                  alpha.quantization.scales.size());
  }
  auto& s = lowered->mutable_options<PreluAttributes>();
  const FixedPointMultiplier positive =
      QuantizeMultiplier(static_cast<double>(input.scale()) / static_cast<double>(output.scale()));
  const FixedPointMultiplier negative =
      QuantizeMultiplier(static_cast<double>(input.scale()) * static_cast<double>(alpha.scale()) /
                         static_cast<double>(output.scale()));
  for (const FixedPointMultiplier& m : {positive, negative}) {
    if (m.shift < -31 || m.shift > 30) {
      return l.Fail("scales give a shift of {} (input {}, alpha {}, output {})", m.shift,
                    input.scale(), alpha.scale(), output.scale());
    }
  }
  s.positive_multiplier = positive.multiplier;
  s.positive_shift = positive.shift;
  s.negative_multiplier = negative.multiplier;
  s.negative_shift = negative.shift;
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  // 16x8: int16 input and output, alpha int8 (TFLM's int16 PRELU requires it).
  m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  const int32_t alpha = m.input(1);
  if (!m.reader().IsConstant(alpha)) {
    m.Refuse(fmt::format("alpha {} is not a constant", m.reader().TensorLabel(alpha)));
  }
  const tfl::QuantizationParameters* q = m.reader().tensor(alpha).quantization();
  if (q != nullptr && q->scale() != nullptr && q->scale()->size() > 1) {
    m.Refuse(fmt::format("alpha {} is quantized per channel ({} scales)",
                         m.reader().TensorLabel(alpha), q->scale()->size()));
  }
  return m.Emit(kernels::OpKind::kPrelu, {m.input(0), alpha}, PreluAttributes{});
}

}  // namespace prelu_planning

extern const PlannerOp kPreluPlanner =
    OptionsStructPlanner<PreluAttributes>(&prelu_planning::Lower);

// TensorFlow Lite's PRELU (builtin 54).
extern const TfliteOpMapping kPreluTflite = {{54}, 1, &prelu_planning::Map};

}  // namespace arenastore::planner
