// comparison's planner unit: its lowering from float scales to kernels::ComparisonParams (as
// TensorFlow Lite Micro prepares an int8 comparison: each input scale a multiplier below one, the
// inputs shifted left by 8), the ComparisonOptions it writes and reads back for re-planning, and
// which of those fields two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS and LESS_EQUAL -> one
// graph op whose ComparisonAttributes::kind names the builtin (operands in TFLite's order), or a
// reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace comparison_planning {

constexpr int32_t kInt8LeftShift = 8;  // TFLM's: compares in units of 2^-8 of the real value

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<ComparisonAttributes>().status());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}}));
  auto& p = lowered->mutable_options<ComparisonAttributes>();
  p.left_shift = kInt8LeftShift;
  // TFLM's QuantizeMultiplierSmallerThanOneExp: the scale itself, which must lie below one.
  const FixedPointMultiplier m1 = QuantizeMultiplier(static_cast<double>(in1.scale()));
  const FixedPointMultiplier m2 = QuantizeMultiplier(static_cast<double>(in2.scale()));
  if (m1.shift > 0 || m2.shift > 0 || m1.shift < -31 || m2.shift < -31) {
    return l.Fail("input scales {} and {} must lie in (2^-32, 1) for an int8 comparison",
                  in1.scale(), in2.scale());
  }
  p.input1_multiplier = m1.multiplier;
  p.input1_shift = m1.shift;
  p.input2_multiplier = m2.multiplier;
  p.input2_shift = m2.shift;
  return Status::Ok();
}

// TensorFlow Lite's builtin codes (schema.fbs BuiltinOperator), registered below in this order.
Result<kernels::ComparisonKind> KindOf(int32_t builtin) {
  using K = kernels::ComparisonKind;
  if (builtin == 71) return K::kEqual;
  if (builtin == 72) return K::kNotEqual;
  if (builtin == 61) return K::kGreater;
  if (builtin == 62) return K::kGreaterEqual;
  if (builtin == 58) return K::kLess;
  if (builtin == 63) return K::kLessEqual;
  return Status::Error(ErrorCode::kImportUnsupported, "builtin %d is not a comparison", builtin);
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const kernels::ComparisonKind kind, KindOf(m.builtin()));
  return m.Emit(kernels::OpKind::kComparison, {m.input(0), m.input(1)},
                ComparisonAttributes{{.kind = static_cast<int32_t>(kind)}});
}

}  // namespace comparison_planning

extern const PlannerOp kComparisonPlanner =
    OptionsStructPlanner<ComparisonAttributes>(&comparison_planning::Lower);

extern const TfliteOpMapping kComparisonTflite = {
    {71, 72, 61, 62, 58, 63}, 6, &comparison_planning::Map};

}  // namespace arenastore::planner
