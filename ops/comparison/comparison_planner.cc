// comparison's planner unit: its lowering from float scales to kernels::ComparisonParams (as
// TensorFlow Lite Micro prepares an int8 comparison: each input scale a multiplier below one,
// the inputs shifted left by 8), the ComparisonOptions it writes and reads back for re-planning,
// and which of those fields two artifacts must share to compute the same thing.
#include "planner/lowering.h"
#include "planner/options_struct_planning.h"
#include "planner/quantization_math.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace comparison_lowering {

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

}  // namespace comparison_lowering

extern const PlannerOp kComparisonPlanner =
    OptionsStructPlanner<ComparisonAttributes>(&comparison_lowering::Lower);

}  // namespace arenastore::planner
