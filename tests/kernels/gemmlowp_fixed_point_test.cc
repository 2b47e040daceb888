#include "kernels/gemmlowp_fixed_point.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace arenastore::kernels::fixed_point {
namespace {

constexpr double kQ31 = 2147483648.0;  // 2^31
constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();
// The 4th-order Taylor polynomial on [-1/4, 0) is off by at most (1/8)^5 / 5! ~ 2.5e-7; a
// wrong shift, bit or constant is off by orders of magnitude more.
constexpr double kPolynomialError = 3e-7;

int64_t RoundToFormat(double value, int integer_bits) {
  return std::llround(std::ldexp(value, 31 - integer_bits));
}

TEST(GemmlowpFixedPoint, ConstantsAreTheirRealValuesRoundedToNearest) {
  EXPECT_EQ(kExpMinusOneEighthQ0, RoundToFormat(std::exp(-1.0 / 8.0), 0));
  EXPECT_EQ(kOneThirdQ0, RoundToFormat(1.0 / 3.0, 0));
  for (int k = -2; k <= 4; ++k) {
    EXPECT_EQ(kExpMinusPowerOfTwoQ0[k + 2], RoundToFormat(std::exp(-std::ldexp(1.0, k)), 0))
        << "exp(-2^" << k << ")";
  }
  EXPECT_EQ(kFortyEightSeventeenthsQ2, RoundToFormat(48.0 / 17.0, 2));
  EXPECT_EQ(kMinusThirtyTwoSeventeenthsQ2, RoundToFormat(-32.0 / 17.0, 2));
}

TEST(GemmlowpFixedPoint, SaturatingRoundingMultiplyByPOTSaturatesLeftAndRoundsRight) {
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(3, 2), 12);
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(1 << 29, 1), 1 << 30);
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(1 << 30, 1), kInt32Max);
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(-(1 << 30), 1), kInt32Min);
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(-(1 << 30) - 1, 1), kInt32Min);
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(5, -1), 3);    // 2.5 rounds away from zero
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(-5, -1), -3);  // -2.5 too
  EXPECT_EQ(SaturatingRoundingMultiplyByPOT(-7, 0), -7);
}

TEST(GemmlowpFixedPoint, RoundingHalfSumRoundsAwayFromZeroWithoutOverflow) {
  EXPECT_EQ(RoundingHalfSum(1, 2), 2);
  EXPECT_EQ(RoundingHalfSum(-1, -2), -2);
  EXPECT_EQ(RoundingHalfSum(kInt32Max, kInt32Max), kInt32Max);
  EXPECT_EQ(RoundingHalfSum(0, kInt32Max), 1 << 30);
}

TEST(GemmlowpFixedPoint, ExpOfZeroIsExactlyOne) {
  EXPECT_EQ(ExpOnNegativeValues<5>(0), kQ0One);
  EXPECT_EQ(ExpOnNegativeValues<0>(0), kQ0One);
}

TEST(GemmlowpFixedPoint, ExpOnNegativeValuesIsAccurateAcrossQ5Range) {
  // Every 1/64 from -32 to 0 plus the points where each barrel-shifter factor switches on.
  double worst = 0.0;
  for (int32_t step = -2048; step <= 0; ++step) {
    const double a = step / 64.0;
    const int32_t raw = static_cast<int32_t>(std::ldexp(a, 26));
    const double got = ExpOnNegativeValues<5>(raw) / kQ31;
    worst = std::max(worst, std::fabs(got - std::exp(a)));
  }
  EXPECT_LT(worst, kPolynomialError);
  for (int k = -2; k <= 4; ++k) {
    const double a = -std::ldexp(1.0, k);
    const int32_t raw = static_cast<int32_t>(std::ldexp(a, 26));
    EXPECT_NEAR(ExpOnNegativeValues<5>(raw) / kQ31, std::exp(a), kPolynomialError)
        << "exp(-2^" << k << ")";
  }
}

TEST(GemmlowpFixedPoint, ExpWithMoreIntegerBitsIsZeroBelowMinus32) {
  EXPECT_EQ(ExpOnNegativeValues<7>(static_cast<int32_t>(std::ldexp(-40.0, 24))), 0);
  EXPECT_NEAR(ExpOnNegativeValues<7>(static_cast<int32_t>(std::ldexp(-3.0, 24))) / kQ31,
              std::exp(-3.0), kPolynomialError);
}

TEST(GemmlowpFixedPoint, OneOverOnePlusXIsAccurateOnTheUnitInterval) {
  double worst = 0.0;
  for (int i = 0; i < 1000; ++i) {
    const double x = i / 1000.0;
    const int32_t raw = static_cast<int32_t>(std::ldexp(x, 31));
    worst = std::max(worst, std::fabs(OneOverOnePlusXForXIn0To1(raw) / kQ31 - 1.0 / (1.0 + x)));
  }
  EXPECT_LT(worst, 1e-8);
}

TEST(GemmlowpFixedPoint, GetReciprocalScalesTheSumIntoOneToTwo) {
  int num_bits_over_unit = -1;
  // 2.5 in Q12.19 is 1.25 * 2^1: reciprocal 0.8 with one bit over unit.
  const int32_t reciprocal = GetReciprocal(5 << 18, 12, &num_bits_over_unit);
  EXPECT_EQ(num_bits_over_unit, 1);
  EXPECT_NEAR(reciprocal / kQ31, 0.8, 1e-8);
  // Exactly 1.0: no bits over unit, reciprocal one.
  EXPECT_NEAR(GetReciprocal(1 << 19, 12, &num_bits_over_unit) / kQ31, 1.0, 1e-8);
  EXPECT_EQ(num_bits_over_unit, 0);
}

}  // namespace
}  // namespace arenastore::kernels::fixed_point
