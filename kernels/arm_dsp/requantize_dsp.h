// The int32-accumulator output stage of the arm_dsp kernels (conv2d, depthwise_conv2d): the
// very result of ref::RequantizeToInt8, in about half its Cortex-M4 instructions. The rounding
// high multiply is one SMULL, a 64-bit add of 2^30 and QADD/ORR instead of a branchy signed
// 64-bit division; the per-channel shift split, mask and threshold are derived once per channel.
// Two shortcuts the kernels choose per call or per run of channels: SaturateToInt8 (one SSAT)
// for a full int8 activation range, ScaleForInt8Output (one QADD rounding) for right shifts
// 1..23. Header-only, freestanding, allocation-free. Invariants (tests/kernels/
// arm_dsp_requantize_test.cc): ScaleAccumulator(x, ChannelScaleOf(m, s)) ==
// MultiplyByQuantizedMultiplier(x, m, s) for every int32 x, m and s in [-31, 30]; the
// shortcuts give the same int8 outputs wherever they apply.
#pragma once

#include <cstdint>

#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"

#if defined(__ARM_FEATURE_SAT)
#include <arm_acle.h>  // __ssat (Armv7-M has SSAT without the DSP extension)
#endif

namespace arenastore::kernels::arm_dsp {

struct ChannelScale {
  int32_t multiplier;
  int32_t left_shift;   // max(shift, 0)
  int32_t right_shift;  // max(-shift, 0)
  uint32_t mask;        // 2^right_shift - 1: the bits the rounding divide drops
  uint32_t threshold;   // mask / 2: a non-negative remainder above it rounds up
  int32_t round;        // 2^(right_shift - 1), or 0 for right_shift 0
};

inline ChannelScale ChannelScaleOf(int32_t multiplier, int32_t shift) {
  const int32_t right_shift = shift > 0 ? 0 : -shift;
  const uint32_t mask = static_cast<uint32_t>((int64_t{1} << right_shift) - 1);
  return {multiplier,  shift > 0 ? shift : 0,
          right_shift, mask,
          mask >> 1,   right_shift > 0 ? static_cast<int32_t>(mask >> 1) + 1 : 0};
}

// MultiplyByQuantizedMultiplier. Why it is exact: TFLite's SaturatingRoundingDoublingHighMul
// adds 2^30 (ab >= 0) or 1 - 2^30 (ab < 0) to ab and truncates the quotient by 2^31; for
// ab < 0 truncation is ceil, and ceil((ab + 1 - 2^30) / 2^31) == floor((ab + 2^30) / 2^31), so
// both cases are floor((ab + 2^30) / 2^31) = 2 * high32 + bit31(low32) of ab + 2^30. That
// value exceeds int32 only for a == b == INT32_MIN (2^31, which TFLite saturates): there
// high32 = 2^30 and bit31 = 0, and QADD(high32, high32) saturates it to INT32_MAX; otherwise
// 2 * high32 <= result <= INT32_MAX, and the even 2 * high32 >= INT32_MIN, so QADD never
// saturates and ORR adds the bit. RoundingDivideByPOT is then ref's own 32-bit formula.
// SaturatingRoundingDoublingHighMul(accumulator << left_shift, multiplier), see above.
inline int32_t RoundingHighMul(int32_t accumulator, const ChannelScale& scale) {
  const auto shifted = static_cast<int32_t>(static_cast<uint32_t>(accumulator) << scale.left_shift);
  const int64_t rounded = int64_t{shifted} * scale.multiplier + (int64_t{1} << 30);
  const auto high32 = static_cast<int32_t>(static_cast<uint64_t>(rounded) >> 32);
  const auto low32 = static_cast<uint32_t>(rounded);
  return static_cast<int32_t>(static_cast<uint32_t>(SaturatingAdd(high32, high32)) | (low32 >> 31));
}

inline int32_t ScaleAccumulator(int32_t accumulator, const ChannelScale& scale) {
  const int32_t doubled = RoundingHighMul(accumulator, scale);
  const uint32_t remainder = static_cast<uint32_t>(doubled) & scale.mask;
  const uint32_t threshold = scale.threshold + (static_cast<uint32_t>(doubled) >> 31);
  return (doubled >> scale.right_shift) + (remainder > threshold ? 1 : 0);
}

// Right shifts ScaleForInt8Output handles: 1..23.
inline bool HasShortRightShift(const ChannelScale& scale) {
  return scale.right_shift >= 1 && scale.right_shift <= 23;
}

// ScaleAccumulator for a result that only feeds an int8 output stage (zero point in
// [-128, 127] added, then clamped into [-128, 127]), when HasShortRightShift(scale): the
// rounding divide as one QADD and one shift. Why: for e = right_shift >= 1, ref's
// RoundingDivideByPOT(y, e) == floor((y + 2^(e-1) - [y < 0]) / 2^e) (write y = q 2^e + r:
// both add 1 to q exactly when r >= 2^(e-1) + [y < 0]). QADD saturates only when that sum
// leaves int32; then the true quotient is >= 2^(31-e) >= 256 (or <= -2^(31-e) - 1), the
// saturated one >= 2^(31-e) - 1 >= 255 (or == -2^(31-e) <= -256) for e <= 23, and after
// adding a zero point in [-128, 127] both clamp to the same bound.
inline int32_t ScaleForInt8Output(int32_t accumulator, const ChannelScale& scale) {
  const int32_t doubled = RoundingHighMul(accumulator, scale);
  return SaturatingAdd(doubled, scale.round + (doubled >> 31)) >> scale.right_shift;
}

// Clamp to [-128, 127] in one SSAT.
inline int32_t SaturateToInt8(int32_t value) {
#if defined(__ARM_FEATURE_SAT)
  return __ssat(value, 8);
#else
  return Clamp(value, -128, 127);
#endif
}

// True when the activation range is all of int8 (no activation, or a ReLU whose zero point is
// -128): then ToInt8Range is one SSAT, as Clamp(v, -128, 127) == SSAT(v, 8).
inline bool IsFullInt8Range(int32_t activation_min, int32_t activation_max) {
  return activation_min == -128 && activation_max == 127;
}

// Output zero point added (wrapping, as ref) and clamped to the activation range.
inline int32_t ToInt8Range(int32_t scaled, int32_t output_zero_point, int32_t activation_min,
                           int32_t activation_max) {
  return Clamp(WrappingAdd(scaled, output_zero_point), activation_min, activation_max);
}

}  // namespace arenastore::kernels::arm_dsp
