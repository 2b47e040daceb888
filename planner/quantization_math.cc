#include "planner/quantization_math.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace arenastore::planner {

FixedPointMultiplier QuantizeMultiplier(double real_multiplier) {
  if (real_multiplier == 0.0) return {0, 0};
  int exponent = 0;
  const double significand = std::frexp(real_multiplier, &exponent);
  int64_t fixed = static_cast<int64_t>(std::round(significand * static_cast<double>(1ll << 31)));
  if (fixed == (1ll << 31)) {
    fixed /= 2;
    ++exponent;
  }
  if (exponent < -31) {  // too small to represent: the multiplier is effectively zero
    exponent = 0;
    fixed = 0;
  }
  return {static_cast<int32_t>(fixed), exponent};
}

namespace {

int32_t QuantizeValue(float value, float scale, int32_t zero_point) {
  // Clamp before converting: a tiny scale must saturate, not overflow the int32 conversion.
  const float scaled = std::clamp(std::round(value / scale), -1e9f, 1e9f);
  return zero_point + static_cast<int32_t>(scaled);
}

}  // namespace

ActivationRange QuantizedActivationRange(Activation activation, float scale, int32_t zero_point,
                                         DataType type) {
  const bool int16 = type == DataType::kInt16;
  const int32_t low =
      int16 ? std::numeric_limits<int16_t>::min() : std::numeric_limits<int8_t>::min();
  const int32_t high =
      int16 ? std::numeric_limits<int16_t>::max() : std::numeric_limits<int8_t>::max();
  switch (activation) {
    case Activation::RELU:
      return {std::max(low, QuantizeValue(0.0f, scale, zero_point)), high};
    case Activation::RELU6:
      return {std::max(low, QuantizeValue(0.0f, scale, zero_point)),
              std::min(high, QuantizeValue(6.0f, scale, zero_point))};
    case Activation::RELU_N1_TO_1:
      return {std::max(low, QuantizeValue(-1.0f, scale, zero_point)),
              std::min(high, QuantizeValue(1.0f, scale, zero_point))};
    case Activation::NONE:
      break;
  }
  return {low, high};
}

int32_t ConvOutputSize(Padding padding, int32_t input_size, int32_t filter_size, int32_t stride,
                       int32_t dilation) {
  const int32_t effective_filter = (filter_size - 1) * dilation + 1;
  if (padding == Padding::SAME) return (input_size + stride - 1) / stride;
  return (input_size + stride - effective_filter) / stride;
}

int32_t ConvPaddingBefore(int32_t input_size, int32_t filter_size, int32_t stride, int32_t dilation,
                          int32_t output_size) {
  const int32_t effective_filter = (filter_size - 1) * dilation + 1;
  const int32_t total = (output_size - 1) * stride + effective_filter - input_size;
  return total > 0 ? total / 2 : 0;
}

SoftmaxScaling ComputeSoftmaxScaling(float beta, float input_scale) {
  constexpr int kScaledDiffIntegerBits = 5;
  constexpr int kTotalSignedBits = 31;
  const double real_multiplier =
      std::min(static_cast<double>(beta) * static_cast<double>(input_scale) *
                   static_cast<double>(1 << (kTotalSignedBits - kScaledDiffIntegerBits)),
               static_cast<double>((1ll << 31) - 1));
  // QuantizeMultiplierGreaterThanOne: the same rounding, the shift is a left shift.
  const FixedPointMultiplier fixed = QuantizeMultiplier(real_multiplier);
  // ldexp instead of a shift: callers reject shifts outside [0, 30], but must get here safely.
  const double max_input_rescaled =
      std::ldexp(1.0 * ((1 << kScaledDiffIntegerBits) - 1),
                 kTotalSignedBits - kScaledDiffIntegerBits - fixed.shift);
  const int32_t radius = static_cast<int32_t>(std::floor(max_input_rescaled));
  return {fixed.multiplier, fixed.shift, -radius};
}

}  // namespace arenastore::planner
