#include "planner/rescaled_add_lowering.h"

#include <algorithm>

#include "planner/quantization_math.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kInt8LeftShift = 20;   // TFLM's left shift for int8 ADD and SUB
constexpr int32_t kInt16LeftShift = 15;  // and for int16: 65535 * 2^15 still fits int32

struct RealMultipliers {
  double input1, input2, output;
};

RealMultipliers RealMultipliersOf(float scale1, float scale2, float output_scale,
                                  int32_t left_shift, MultiplierArithmetic arithmetic) {
  switch (arithmetic) {
    case MultiplierArithmetic::kDouble: {
      const double twice_max = 2.0 * static_cast<double>(std::max(scale1, scale2));
      return {static_cast<double>(scale1) / twice_max, static_cast<double>(scale2) / twice_max,
              twice_max / ((1 << left_shift) * static_cast<double>(output_scale))};
    }
    case MultiplierArithmetic::kFloatQuotients: {
      const float twice_max = 2 * std::max(scale1, scale2);
      return {static_cast<double>(scale1 / twice_max), static_cast<double>(scale2 / twice_max),
              static_cast<double>(twice_max / ((1 << left_shift) * output_scale))};
    }
  }
  return {};
}

}  // namespace

Status LowerRescaledAdd(const Lowering& l, MultiplierArithmetic arithmetic,
                        schema::AddOptionsT* p) {
  const Tensor& in1 = l.Input(0);
  const Tensor& in2 = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(
      ExpectQuantizedOperands(l, {{in1, "input1"}, {in2, "input2"}, {output, "output"}}));
  p->left_shift = output.type == DataType::kInt16 ? kInt16LeftShift : kInt8LeftShift;
  const RealMultipliers real =
      RealMultipliersOf(in1.scale(), in2.scale(), output.scale(), p->left_shift, arithmetic);
  const FixedPointMultiplier m1 = QuantizeMultiplier(real.input1);
  const FixedPointMultiplier m2 = QuantizeMultiplier(real.input2);
  const FixedPointMultiplier mo = QuantizeMultiplier(real.output);
  p->input1_multiplier = m1.multiplier;
  p->input1_shift = m1.shift;
  p->input2_multiplier = m2.multiplier;
  p->input2_shift = m2.shift;
  p->output_multiplier = mo.multiplier;
  p->output_shift = mo.shift;
  if (p->input1_shift > 0 || p->input2_shift > 0 || p->output_shift > 0) {
    return l.Fail("scales give a multiplier above 1 (input scales {} and {}, output {})",
                  in1.scale(), in2.scale(), output.scale());
  }
  const ActivationRange range =
      QuantizedActivationRange(p->activation, output.scale(), output.zero_point(), output.type);
  p->activation_min = range.min;
  p->activation_max = range.max;
  return Status::Ok();
}

}  // namespace arenastore::planner
