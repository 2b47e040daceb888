// TensorFlow Lite's GetInvSqrtQuantizedMultiplierExp with its reverse shift: 1 / sqrt(input) as
// a Q31 multiplier and a left shift, by gemmlowp's Newton-Raphson in Q3.28. Shared by the int8
// RSQRT table builder (ops/rsqrt/rsqrt_table.cc, on the host), the int16 RSQRT kernel and
// L2_NORMALIZATION's kernel (on the device), so all compute it one way. Freestanding,
// header-only.
#pragma once

#include <cstdint>
#include <limits>

#include "kernels/fixed_point.h"

namespace arenastore::kernels {

// gemmlowp::SaturatingRoundingMultiplyByPOT<exponent> on int32: x * 2^exponent saturated for
// exponent > 0 (beyond +-(2^(31 - exponent) - 1)), rounded to nearest for exponent < 0.
inline int32_t SaturatingRoundingMultiplyByPOT(int32_t x, int exponent) {
  if (exponent < 0) return RoundingDivideByPOT(x, -exponent);
  const int32_t threshold = static_cast<int32_t>((int64_t{1} << (31 - exponent)) - 1);
  if (x > threshold) return std::numeric_limits<int32_t>::max();
  if (x < -threshold) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(static_cast<uint32_t>(x) << exponent);
}

struct InvSqrt {
  int32_t multiplier;
  int shift;  // left shift (TFLM's reverse_shift of -1 applied)
};

// For input >= 1 (TFLM gives input <= 1 the largest multiplier and no shift).
inline InvSqrt InvSqrtMultiplier(int32_t input) {
  if (input <= 1) return {std::numeric_limits<int32_t>::max(), 0};
  int shift = 11;
  while (input >= (1 << 29)) {
    input /= 4;
    ++shift;
  }
  const unsigned max_left_shift_bits =
      static_cast<unsigned>(__builtin_clz(static_cast<uint32_t>(input))) - 1;
  const unsigned left_shift_bit_pairs = max_left_shift_bits / 2 - 1;
  shift -= static_cast<int>(left_shift_bit_pairs);
  input <<= 2 * left_shift_bit_pairs;
  // Q3.28 fixed point (gemmlowp FixedPoint<int32, 3>): a product of Qa and Qb values is a
  // Q(a+b) value whose raw is SaturatingRoundingDoublingHighMul of the raws; Rescale<3> from
  // Qn multiplies the raw by 2^(n - 3), saturating.
  const int32_t half_input = SaturatingRoundingMultiplyByPOT(input >> 1, -1);
  constexpr int32_t kHalfThree = (1 << 28) + (1 << 27);  // 1.5 in Q3.28
  int32_t x = 1 << 28;                                   // 1.0 in Q3.28
  for (int i = 0; i < 5; ++i) {
    const int32_t x3 = SaturatingRoundingMultiplyByPOT(
        SaturatingRoundingDoublingHighMul(SaturatingRoundingDoublingHighMul(x, x), x), 6);
    const int32_t difference = static_cast<int32_t>(
        static_cast<uint32_t>(SaturatingRoundingDoublingHighMul(kHalfThree, x)) -
        static_cast<uint32_t>(SaturatingRoundingDoublingHighMul(half_input, x3)));
    x = SaturatingRoundingMultiplyByPOT(difference, 3);
  }
  constexpr int32_t kHalfSqrt2 = 1518500250;  // sqrt(2) / 2 in Q0.31
  int32_t multiplier = SaturatingRoundingDoublingHighMul(x, kHalfSqrt2);
  if (shift < 0) {
    multiplier = static_cast<int32_t>(static_cast<uint32_t>(multiplier) << -shift);
    shift = 0;
  }
  return {multiplier, -shift};
}

// TFLM's RSQRT of one centred input value > 0 before the output rescale: 1 / sqrt(value) as an
// integer scaled by 2^kRsqrtShift.
inline constexpr int kRsqrtShift = 20;
inline int32_t ScaledInvSqrt(int32_t value) {
  const InvSqrt inv_sqrt = InvSqrtMultiplier(value);
  return MultiplyByQuantizedMultiplier(1, inv_sqrt.multiplier, inv_sqrt.shift + kRsqrtShift);
}

}  // namespace arenastore::kernels
