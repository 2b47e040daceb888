#include "ops/hard_swish/hard_swish_table.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace arenastore::planner {

namespace hard_swish_table {

// The int16 flavours of the fixed-point primitives reference_ops::HardSwish calls; int16
// intermediates wrap or truncate exactly where TFLM's do (int arithmetic stored back to int16).

// DownScaleInt32ToInt16Multiplier: round a Q31 multiplier to Q15, saturating near the top.
int16_t DownScaleToInt16Multiplier(int32_t multiplier) {
  constexpr int32_t kRoundingOffset = 1 << 15;
  if (multiplier >= std::numeric_limits<int32_t>::max() - kRoundingOffset) {
    return std::numeric_limits<int16_t>::max();
  }
  return static_cast<int16_t>((multiplier + kRoundingOffset) >> 16);
}

// gemmlowp::SaturatingRoundingDoublingHighMul<int16_t>: high half of 2ab, rounded to nearest.
int16_t SaturatingRoundingDoublingHighMul16(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min())
    return std::numeric_limits<int16_t>::max();
  const int32_t ab = static_cast<int32_t>(a) * static_cast<int32_t>(b);
  const int32_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
  return static_cast<int16_t>((ab + nudge) / (1 << 15));
}

// reference_ops::SaturatingDoublingHighMul: the same, truncated toward zero (like SQDMULH).
int16_t SaturatingDoublingHighMul16(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min())
    return std::numeric_limits<int16_t>::max();
  const int32_t ab = static_cast<int32_t>(a) * static_cast<int32_t>(b);
  return static_cast<int16_t>(ab / (1 << 15));
}

// reference_ops::SaturatingLeftShift: value * 2^amount saturated to int16.
int16_t SaturatingLeftShift16(int16_t value, int amount) {
  const int64_t shifted = static_cast<int64_t>(value) * (int64_t{1} << amount);
  return static_cast<int16_t>(std::clamp<int64_t>(shifted, std::numeric_limits<int16_t>::min(),
                                                  std::numeric_limits<int16_t>::max()));
}

// gemmlowp::RoundingDivideByPOT<int16_t>: the mask is (2^exponent - 1) truncated to int16, so
// for exponents of 16 and more it is -1 and the "rounding" turns every x >= 0 into 1 and every
// x < 0 into -1. TFLM only gets there for tiny multipliers, but the table must follow it.
int16_t RoundingDivideByPOT16(int16_t x, int exponent) {
  const int16_t mask = static_cast<int16_t>((int64_t{1} << exponent) - 1);
  const int16_t remainder = static_cast<int16_t>(x & mask);
  const int16_t threshold = static_cast<int16_t>((mask >> 1) + (x < 0 ? 1 : 0));
  return static_cast<int16_t>((x >> exponent) + (remainder > threshold ? 1 : 0));
}

}  // namespace hard_swish_table

Result<Int8Table> HardSwishTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "HARD_SWISH";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  // Prepare, all in float as TFLM writes it, widened to double only for QuantizeMultiplier:
  // the input moves to hard_swish_table::a "hires" scale 1/128 of its own (the int16 input is
  // hard_swish_table::shifted left by 7), the output multiplier is hires / output scale, the
  // reluish multiplier hires / (3 / 32768) (so that 3.0 maps to 32768).
  const float hires_input_scale = (1.0f / 128.0f) * q.input_scale;
  const float reluish_scale = 3.0f / 32768.0f;
  ARENASTORE_ASSIGN_OR_RETURN(
      const FixedPointMultiplier output_multiplier,
      CheckedQuantizeMultiplier(static_cast<double>(hires_input_scale / q.output_scale), kOp,
                                "output"));
  if (output_multiplier.shift > 0) {
    return TableError(kOp,
                      "input scale {} over output scale {} gives an output multiplier exponent "
                      "of {}; TFLM's HardSwishPrepare requires <= 0",
                      q.input_scale, q.output_scale, output_multiplier.shift);
  }
  // A reluish shift above 30 would also overflow SaturatingLeftShift's `1 << amount` in TFLM.
  ARENASTORE_ASSIGN_OR_RETURN(
      const FixedPointMultiplier reluish_multiplier,
      CheckedQuantizeMultiplier(static_cast<double>(hires_input_scale / reluish_scale), kOp,
                                "reluish"));
  const int16_t output_multiplier_16 =
      hard_swish_table::DownScaleToInt16Multiplier(output_multiplier.multiplier);
  const int16_t reluish_multiplier_16 =
      hard_swish_table::DownScaleToInt16Multiplier(reluish_multiplier.multiplier);
  const int reluish_exponent = reluish_multiplier.shift;
  const int output_exponent = output_multiplier.shift;

  return MapEveryInt8([&](int32_t value) {
    // Eval, step by step as reference_ops::HardSwish.
    const int16_t centred = static_cast<int16_t>(value - q.input_zero_point);
    const int16_t hires = static_cast<int16_t>(centred * (1 << 7));
    // The input on the output scale, not yet hard_swish_table::shifted right: the x >= 3 answer.
    const int16_t preshift_output =
        hard_swish_table::SaturatingRoundingDoublingHighMul16(hires, output_multiplier_16);
    // The reluish value: x rescaled so that 3.0 is 32768, saturating; the left shift is split
    // around the multiply so saturation in the first part never shows in the result.
    int16_t reluish = hires;
    if (reluish_exponent > 0)
      reluish = hard_swish_table::SaturatingLeftShift16(reluish, reluish_exponent - 1);
    reluish = hard_swish_table::SaturatingRoundingDoublingHighMul16(reluish, reluish_multiplier_16);
    if (reluish_exponent > 0) reluish = hard_swish_table::SaturatingLeftShift16(reluish, 1);
    if (reluish_exponent < 0)
      reluish = hard_swish_table::RoundingDivideByPOT16(reluish, -reluish_exponent);
    // From [-1, 1] to [0, 1] in Q0.15.
    reluish = static_cast<int16_t>((reluish + (1 << 15)) >> 1);
    const int16_t preshift_result =
        hard_swish_table::SaturatingDoublingHighMul16(reluish, preshift_output);
    int16_t result = hard_swish_table::RoundingDivideByPOT16(preshift_result, -output_exponent);
    // int16 += zero point: wraps in int16 before the int8 clamp, as TFLM's does.
    result = static_cast<int16_t>(result + q.output_zero_point);
    return ClampToInt8(result);
  });
}

}  // namespace arenastore::planner
