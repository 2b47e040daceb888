// The gemmlowp fixed-point transcendental functions TensorFlow Lite's int8 softmax is built on
// (exp on negative values, 1/(1+x), the reciprocal of a Q12.19 sum), on raw int32 values whose
// format QI.F is written in each name. Called by every softmax variant; header-only,
// freestanding, allocation-free, no errors. Invariant: every result equals gemmlowp's scalar
// int32 path bit for bit; additions wrap as two's complement instead of being undefined.
#pragma once

#include <cstdint>
#include <limits>

#include "kernels/fixed_point.h"

namespace arenastore::kernels::fixed_point {

// Q0.31 "one": gemmlowp represents 1.0 with no integer bits as the largest raw value.
inline constexpr int32_t kQ0One = std::numeric_limits<int32_t>::max();

// The constants of the approximations below: each is its real value rounded to nearest in the
// stated format (tests/kernels/gemmlowp_fixed_point_test.cc recomputes them).
inline constexpr int32_t kExpMinusOneEighthQ0 = 1895147668;  // exp(-1/8)
inline constexpr int32_t kOneThirdQ0 = 715827883;            // 1/3
// exp(-2^k) for k = -2 .. 4; exp(-32) and below round to 0 in Q0.31.
inline constexpr int32_t kExpMinusPowerOfTwoQ0[7] = {1672461947, 1302514674, 790015084, 290630308,
                                                     39332535,   720401,     242};
inline constexpr int32_t kFortyEightSeventeenthsQ2 = 1515870810;       // 48/17
inline constexpr int32_t kMinusThirtyTwoSeventeenthsQ2 = -1010580540;  // -32/17

inline int32_t WrappingAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}

inline int32_t WrappingSub(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}

// Leading zero bits of x; 32 for x == 0.
inline int CountLeadingZeros(uint32_t x) { return x == 0 ? 32 : __builtin_clz(x); }

// x * 2^exponent: a saturating left shift for exponent > 0, a rounding right shift for < 0.
inline int32_t SaturatingRoundingMultiplyByPOT(int32_t x, int exponent) {
  if (exponent < 0) return RoundingDivideByPOT(x, -exponent);
  if (exponent == 0) return x;
  const int32_t threshold = static_cast<int32_t>((1ll << (31 - exponent)) - 1);
  if (x > threshold) return std::numeric_limits<int32_t>::max();
  if (x < -threshold) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(static_cast<uint32_t>(x) << exponent);
}

// (a + b) / 2, rounded half away from zero, without overflow.
inline int32_t RoundingHalfSum(int32_t a, int32_t b) {
  const int64_t sum = static_cast<int64_t>(a) + static_cast<int64_t>(b);
  return static_cast<int32_t>((sum + (sum >= 0 ? 1 : -1)) / 2);
}

// exp(a) for a in [-1/4, 0), Q0.31 in and out: a 4th-order Taylor polynomial around -1/8.
inline int32_t ExpOnIntervalBetweenNegativeOneQuarterAnd0Excl(int32_t a) {
  const int32_t x = WrappingAdd(a, 1 << 28);  // a + 1/8
  const int32_t x2 = SaturatingRoundingDoublingHighMul(x, x);
  const int32_t x3 = SaturatingRoundingDoublingHighMul(x2, x);
  const int32_t x4 = SaturatingRoundingDoublingHighMul(x2, x2);
  const int32_t x4_over_4 = SaturatingRoundingMultiplyByPOT(x4, -2);
  const int32_t x4_over_24_plus_x3_over_6_plus_x2_over_2 = SaturatingRoundingMultiplyByPOT(
      WrappingAdd(SaturatingRoundingDoublingHighMul(WrappingAdd(x4_over_4, x3), kOneThirdQ0), x2),
      -1);
  return WrappingAdd(
      kExpMinusOneEighthQ0,
      SaturatingRoundingDoublingHighMul(kExpMinusOneEighthQ0,
                                        WrappingAdd(x, x4_over_24_plus_x3_over_6_plus_x2_over_2)));
}

// exp(a) for a <= 0 given in Q(kIntegerBits).(31 - kIntegerBits), result in Q0.31: the
// polynomial on a's value modulo 1/4, times exp(-2^k) for every bit k of the rest.
template <int kIntegerBits>
int32_t ExpOnNegativeValues(int32_t a) {
  static_assert(kIntegerBits >= 0 && kIntegerBits <= 29, "needs two fractional bits");
  constexpr int kFractionalBits = 31 - kIntegerBits;
  constexpr int32_t kOneQuarter = static_cast<int32_t>(1u << (kFractionalBits - 2));
  const int32_t a_mod_quarter_minus_one_quarter = WrappingSub(a & (kOneQuarter - 1), kOneQuarter);
  int32_t result = ExpOnIntervalBetweenNegativeOneQuarterAnd0Excl(
      SaturatingRoundingMultiplyByPOT(a_mod_quarter_minus_one_quarter, kIntegerBits));
  const int32_t remainder = WrappingSub(a_mod_quarter_minus_one_quarter, a);
  for (int k = -2; k <= 4; ++k) {
    if (kIntegerBits <= k) break;
    if ((remainder & static_cast<int32_t>(1u << (kFractionalBits + k))) != 0) {
      result = SaturatingRoundingDoublingHighMul(result, kExpMinusPowerOfTwoQ0[k + 2]);
    }
  }
  if constexpr (kIntegerBits > 5) {
    // Below -32 the product has underflowed; gemmlowp pins it to exactly 0.
    const int32_t minus_32 = static_cast<int32_t>(-(1ll << (kFractionalBits + 5)));
    if (a < minus_32) result = 0;
  }
  return a == 0 ? kQ0One : result;
}

// 1 / (1 + a) for a in [0, 1), Q0.31 in and out: three Newton-Raphson steps in Q2.29 from the
// initial estimate 48/17 - 32/17 * d, where d = (1 + a) / 2.
inline int32_t OneOverOnePlusXForXIn0To1(int32_t a) {
  constexpr int32_t kQ2One = 1 << 29;
  const int32_t half_denominator = RoundingHalfSum(a, kQ0One);
  int32_t x = WrappingAdd(
      kFortyEightSeventeenthsQ2,
      SaturatingRoundingDoublingHighMul(half_denominator, kMinusThirtyTwoSeventeenthsQ2));
  for (int i = 0; i < 3; ++i) {
    const int32_t half_denominator_times_x = SaturatingRoundingDoublingHighMul(half_denominator, x);
    const int32_t one_minus_half_denominator_times_x =
        WrappingSub(kQ2One, half_denominator_times_x);
    // Q2 * Q2 is Q4; back to Q2.
    x = WrappingAdd(
        x, SaturatingRoundingMultiplyByPOT(
               SaturatingRoundingDoublingHighMul(x, one_minus_half_denominator_times_x), 2));
  }
  // x estimates 1/d = 2/(1+a) in Q2.29; halving it is a change of format to Q1.30, then Q0.31.
  return SaturatingRoundingMultiplyByPOT(x, 1);
}

// 1/x for x > 0 in Q(x_integer_bits).(31 - x_integer_bits), returned in Q0.31 as the
// reciprocal of x / 2^num_bits_over_unit (x scaled into [1, 2)); as TensorFlow Lite's
// GetReciprocal.
inline int32_t GetReciprocal(int32_t x, int x_integer_bits, int* num_bits_over_unit) {
  const int headroom_plus_one = CountLeadingZeros(static_cast<uint32_t>(x));
  *num_bits_over_unit = x_integer_bits - headroom_plus_one;
  // Shifted in 64 bits so that x == 0 (headroom 32) stays defined.
  const uint32_t shifted =
      static_cast<uint32_t>(static_cast<uint64_t>(static_cast<uint32_t>(x)) << headroom_plus_one);
  const int32_t shifted_minus_one =
      static_cast<int32_t>(shifted - (static_cast<uint32_t>(1) << 31));
  return OneOverOnePlusXForXIn0To1(shifted_minus_one);
}

}  // namespace arenastore::kernels::fixed_point
