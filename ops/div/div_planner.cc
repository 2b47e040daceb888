// div's planner unit: its lowering completes the DivOptions from float scales (as TensorFlow Lite
// Micro prepares the op); the options struct is its attributes, written and read back whole. Its
// TensorFlow Lite mapping: DIV -> a graph op with DivAttributes (operands in TFLite's order: input1
// / input2), or a reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace div_planning {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<DivAttributes>().status());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(
      ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}, {output, "output"}}));
  // The options struct is the attributes: the TFLite mapping set the activation, this the rest.
  auto& s = lowered->mutable_options<DivAttributes>();
  // TFLM's Prepare divides the float scales in float and only widens the quotient to double:
  // kept so, or the multiplier differs in the last bit.
  const float real_multiplier = in1.scale() / (in2.scale() * output.scale());
  const FixedPointMultiplier m = QuantizeMultiplier(static_cast<double>(real_multiplier));
  s.output_multiplier = m.multiplier;
  s.output_shift = m.shift;
  if (s.output_shift < kernels::kMinDivOutputShift ||
      s.output_shift > kernels::kMaxDivOutputShift) {
    return l.Fail("scales give a multiplier 2^{} out of range (input scales {} and {}, output {})",
                  s.output_shift, in1.scale(), in2.scale(), output.scale());
  }
  const ActivationRange range =
      QuantizedActivationRange(s.activation, output.scale(), output.zero_point());
  s.activation_min = range.min;
  s.activation_max = range.max;
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  DivAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::DivOptions>(m, &a.activation));
  return m.Emit(kernels::OpKind::kDiv, {m.input(0), m.input(1)}, a);
}

}  // namespace div_planning

extern const PlannerOp kDivPlanner = OptionsStructPlanner<DivAttributes>(&div_planning::Lower);

// TensorFlow Lite's DIV (builtin 42).
extern const TfliteOpMapping kDivTflite = {{42}, 1, &div_planning::Map};

}  // namespace arenastore::planner
