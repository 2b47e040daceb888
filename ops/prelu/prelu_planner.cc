// prelu's planner unit: its lowering from float scales to kernels::PreluParams (as TensorFlow Lite
// Micro's CalculatePreluParams), the PreluOptions it writes to an artifact and reads back for
// re-planning, and which of those fields two artifacts must share to compute the same thing.
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/quantization_math.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace prelu_lowering {

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

}  // namespace prelu_lowering

extern const PlannerOp kPreluPlanner =
    OptionsStructPlanner<PreluAttributes>(&prelu_lowering::Lower);

}  // namespace arenastore::planner
