#include "ops/tanh/tanh_table.h"

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "ops/logistic/logistic_table.h"

namespace arenastore::planner {

namespace tanh_table {

namespace fp = kernels::fixed_point;

// gemmlowp's one_minus_x_over_one_plus_x_for_x_in_0_1, Q0.31 in and out: the same three
// Newton-Raphson steps in Q2.29 as OneOverOnePlusXForXIn0To1 (estimating 1 / d, d = (1 + a) / 2),
// but the result is (1/d - 1) = (1 - a) / (1 + a), rescaled from Q2.29 to Q0.31.
int32_t OneMinusXOverOnePlusXForXIn0To1(int32_t a) {
  constexpr int32_t kQ2One = 1 << 29;
  const int32_t half_denominator = fp::RoundingHalfSum(a, fp::kQ0One);
  int32_t x = fp::WrappingAdd(fp::kFortyEightSeventeenthsQ2,
                              kernels::SaturatingRoundingDoublingHighMul(
                                  half_denominator, fp::kMinusThirtyTwoSeventeenthsQ2));
  for (int i = 0; i < 3; ++i) {
    const int32_t half_denominator_times_x =
        kernels::SaturatingRoundingDoublingHighMul(half_denominator, x);
    const int32_t one_minus_half_denominator_times_x =
        fp::WrappingSub(kQ2One, half_denominator_times_x);
    x = fp::WrappingAdd(
        x,
        fp::SaturatingRoundingMultiplyByPOT(
            kernels::SaturatingRoundingDoublingHighMul(x, one_minus_half_denominator_times_x), 2));
  }
  return fp::SaturatingRoundingMultiplyByPOT(fp::WrappingSub(x, kQ2One), 2);
}

// gemmlowp::tanh on a Q4.27 raw value, Q0.31 result. For n = -|a| it evaluates
// -tanh(n) = (1 - exp(2n)) / (1 + exp(2n)); exp(2n) is exp_on_negative_values of the same raw
// bits read as Q5.26 (ExactMulByPot<1>). Zero maps to exactly zero, negative a to the negation.
int32_t GemmlowpTanhQ4(int32_t a) {
  const int32_t n = a < 0 ? a : -a;  // |a| < 15 * 2^27: no overflow
  const int32_t t = OneMinusXOverOnePlusXForXIn0To1(fp::ExpOnNegativeValues<5>(n));
  if (a == 0) return 0;
  return a < 0 ? -t : t;
}

}  // namespace tanh_table

Result<Int8Table> TanhTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "TANH";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  ARENASTORE_ASSIGN_OR_RETURN(const Q4InputScaling scaling,
                              ComputeQ4InputScaling(q.input_scale, kOp));
  // The fixed-point tanh rounded from Q0.31 to units of 1/128 (divide by 2^24), zero point 0.
  return MapQ4Saturated(q, scaling, [](int32_t input_q4) {
    return ClampToInt8(kernels::RoundingDivideByPOT(tanh_table::GemmlowpTanhQ4(input_q4), 31 - 7));
  });
}

Result<std::vector<int8_t>> TanhInt16Table(const UnaryQuantization& q) {
  return SigmoidInt16Table(q, "TANH", 1);
}

}  // namespace arenastore::planner
