// Fixed-point arithmetic of TensorFlow Lite's int8 quantization scheme (the gemmlowp helpers
// and MultiplyByQuantizedMultiplier), on which bit-exactness with its reference kernels rests.
// Called by every kernel variant; header-only, freestanding, allocation-free.
// Invariant: results equal TensorFlow Lite's reference (double-rounding) implementation.
#pragma once

#include <cstdint>
#include <limits>

namespace arenastore::kernels {

// High 32 bits of 2*a*b, rounded to nearest, saturating the single overflow case.
inline int32_t SaturatingRoundingDoublingHighMul(int32_t a, int32_t b) {
  const bool overflow = a == b && a == std::numeric_limits<int32_t>::min();
  const int64_t ab = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  const int32_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
  const int32_t high = static_cast<int32_t>((ab + nudge) / (1ll << 31));
  return overflow ? std::numeric_limits<int32_t>::max() : high;
}

// x / 2^exponent rounded to nearest, ties away from zero.
inline int32_t RoundingDivideByPOT(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((1ll << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

// x * multiplier * 2^(shift - 31), as TensorFlow Lite's reference MultiplyByQuantizedMultiplier.
inline int32_t MultiplyByQuantizedMultiplier(int32_t x, int32_t multiplier, int shift) {
  const int left_shift = shift > 0 ? shift : 0;
  const int right_shift = shift > 0 ? 0 : -shift;
  return RoundingDivideByPOT(
      SaturatingRoundingDoublingHighMul(
          static_cast<int32_t>(static_cast<uint32_t>(x) << left_shift), multiplier),
      right_shift);
}

// For multipliers < 1 (shift <= 0), as used by the elementwise ops.
inline int32_t MultiplyByQuantizedMultiplierSmallerThanOneExp(int32_t x, int32_t multiplier,
                                                              int shift) {
  return RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(x, multiplier), -shift);
}

// a + b wrapping modulo 2^32: what TensorFlow Lite's int32 adds do on real hardware, without
// the undefined behaviour a hostile bias would otherwise trigger.
inline int32_t WrappingAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

inline int32_t Clamp(int32_t value, int32_t low, int32_t high) {
  return value < low ? low : (value > high ? high : value);
}

}  // namespace arenastore::kernels
