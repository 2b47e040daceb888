// div's planner unit: its lowering from graph attributes and float scales to kernels::DivParams (as
// TensorFlow Lite Micro prepares the op), the DivOptions it writes to an artifact and reads back
// for re-planning, and which of those fields two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: DIV -> a graph op with DivAttributes (operands in TFLite's order:
// input1 / input2), or a reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace div_planning {

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const DivAttributes a, l.AttributesAs<DivAttributes>());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(
      ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}, {output, "output"}}));
  auto& s = lowered->params().div;
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
      QuantizedActivationRange(a.activation, output.scale(), output.zero_point());
  s.activation_min = range.min;
  s.activation_max = range.max;
  return Status::Ok();
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<DivAttributes>();
  const auto& k = w.params().div;
  return Written(schema::CreateDivOptions(w.builder(), a.activation, k.activation_min,
                                          k.activation_max, k.output_multiplier, k.output_shift));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(DivAttributes{{op.options_as_DivOptions()->activation()}});
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  DivAttributes a;
  ARENASTORE_RETURN_IF_ERROR(MapFusedActivation<tfl::DivOptions>(m, &a.activation));
  return m.Emit(kernels::OpKind::kDiv, {m.input(0), m.input(1)}, a);
}

}  // namespace div_planning

extern const PlannerOp kDivPlanner = {&div_planning::Lower, &div_planning::Write,
                                      &div_planning::Read};

// TensorFlow Lite's DIV (builtin 42).
extern const TfliteOpMapping kDivTflite = {{42}, 1, &div_planning::Map};

}  // namespace arenastore::planner
