// squared_difference's planner unit: its lowering from float scales to
// kernels::SquaredDifferenceParams (as TensorFlow Lite Micro prepares the op), the
// SquaredDifferenceOptions it writes to an artifact and reads back for re-planning, and which of
// those fields two artifacts must share to compute the same thing.
// Its TensorFlow Lite mapping: SQUARED_DIFFERENCE -> a graph op with SquaredDifferenceAttributes
// (operands in TFLite's order; its options table has no fields), or a reason it cannot run here.
#include <algorithm>

#include "planner/op_unit.h"

namespace arenastore::planner {
namespace squared_difference_lowering {

constexpr int32_t kInt8LeftShift = 7;   // TFLM's: 255^2 * 2^(2 * 7) still fits int32
constexpr int32_t kInt16LeftShift = 0;  // TFLM's: 32767^2 fits already

Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SquaredDifferenceAttributes>().status());
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(
      ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}, {output, "output"}}));
  const bool int16 = output.type == DataType::kInt16;
  if (int16 && (in1.zero_point() != 0 || in2.zero_point() != 0 || output.zero_point() != 0)) {
    return l.Fail("int16 zero points {}, {}, {} must be 0 (as TFLM's Prepare requires)",
                  in1.zero_point(), in2.zero_point(), output.zero_point());
  }
  auto& s = lowered->mutable_options<SquaredDifferenceAttributes>();
  s.left_shift = int16 ? kInt16LeftShift : kInt8LeftShift;
  // TFLM's Prepare: the input ratios in double; the output's denominator 2^(2 * left shift) *
  // output scale is a float product (exact: a power of two) widened to double.
  const double twice_max_input_scale =
      2.0 * static_cast<double>(std::max(in1.scale(), in2.scale()));
  const FixedPointMultiplier m1 =
      QuantizeMultiplier(static_cast<double>(in1.scale()) / twice_max_input_scale);
  const FixedPointMultiplier m2 =
      QuantizeMultiplier(static_cast<double>(in2.scale()) / twice_max_input_scale);
  const float output_denominator = static_cast<float>(1 << (2 * s.left_shift)) * output.scale();
  const FixedPointMultiplier mo = QuantizeMultiplier(twice_max_input_scale * twice_max_input_scale /
                                                     static_cast<double>(output_denominator));
  if (m1.shift > 0 || m2.shift > 0) {
    return l.Fail("input scales {} and {} give an input multiplier above 1", in1.scale(),
                  in2.scale());
  }
  if (mo.shift < -31 || mo.shift > 30) {
    return l.Fail("input scales {} and {} over output scale {} give an output shift of {}",
                  in1.scale(), in2.scale(), output.scale(), mo.shift);
  }
  s.input1_multiplier = m1.multiplier;
  s.input1_shift = m1.shift;
  s.input2_multiplier = m2.multiplier;
  s.input2_shift = m2.shift;
  s.output_multiplier = mo.multiplier;
  s.output_shift = mo.shift;
  return Status::Ok();
}

}  // namespace squared_difference_lowering

extern const PlannerOp kSquaredDifferencePlanner =
    OptionsStructPlanner<SquaredDifferenceAttributes>(&squared_difference_lowering::Lower);

// TensorFlow Lite's SQUARED_DIFFERENCE (builtin 99).
extern const TfliteOpMapping kSquaredDifferenceTflite = {
    {99},
    1,
    &MapActivationsOf<kernels::OpKind::kSquaredDifference, SquaredDifferenceAttributes, 2>};

}  // namespace arenastore::planner
