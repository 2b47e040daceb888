// comparison's planner unit: its lowering from float scales to kernels::ComparisonParams (as
// TensorFlow Lite Micro prepares an int8 comparison: each input scale a multiplier below one,
// the inputs shifted left by 8), the ComparisonOptions it writes and reads back for re-planning,
// and which of those fields two artifacts must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace comparison_lowering {

constexpr int32_t kInt8LeftShift = 8;  // TFLM's: compares in units of 2^-8 of the real value

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const ComparisonAttributes a, l.AttributesAs<ComparisonAttributes>());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}}));
  auto& p = lowered->params().comparison;
  p.kind = a.kind;
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

WrittenOptions Write(OptionsWriter& w) {
  const auto& k = w.params().comparison;
  return Written(schema::CreateComparisonOptions(w.builder(), static_cast<int32_t>(k.kind),
                                                 k.left_shift, k.input1_multiplier, k.input1_shift,
                                                 k.input2_multiplier, k.input2_shift));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  return OpAttributes(ComparisonAttributes{
      static_cast<kernels::ComparisonKind>(op.options_as_ComparisonOptions()->kind())});
}

}  // namespace comparison_lowering

extern const PlannerOp kComparisonPlanner = {
    &comparison_lowering::Lower, &comparison_lowering::Write, &comparison_lowering::Read};

}  // namespace arenastore::planner
