#include "ops/log_softmax/ref.h"

#include <limits>

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

using fixed_point::CountLeadingZeros;
using fixed_point::SaturatingRoundingMultiplyByPOT;
using fixed_point::WrappingAdd;
using fixed_point::WrappingSub;

constexpr const char* kName = "log_softmax/ref";
constexpr int kInputIntegerBits = 5;          // differences to the row max are Q5.26
constexpr int kAccumulationIntegerBits = 12;  // the sum of exponentials is Q12.19
constexpr int kOutputIntegerBits = 4;         // output steps of 16/256: 4 integer bits of 8
constexpr int kLogAccumulationIntegerBits = kInputIntegerBits + 1;  // the log's headroom bit

// The constants of gemmlowp's logarithm, each its real value rounded to nearest in Q0.31.
constexpr int32_t kLog2Q0 = 1488522236;          // ln 2
constexpr int32_t kSqrtSqrtHalfQ0 = 1805811301;  // 2^(-1/4)
constexpr int32_t kSqrtHalfQ0 = 1518500250;      // 2^(-1/2)
constexpr int32_t kOneQuarterQ0 = 536870912;     // 1/4
constexpr int32_t kAlphaNQ0 = 117049297;         // 11/240 * 2^(1/4)
constexpr int32_t kAlphaDQ0 = 127690142;         // 1/20 * 2^(1/4)
constexpr int32_t kAlphaIQ0 = 1057819769;        // 2 / 2^(1/4) - 2^(1/4)
constexpr int32_t kAlphaFQ0 = 638450708;         // 1/4 * 2^(1/4)

// Products of fixed-point values: the formats' integer bits add up.
int32_t Mul(int32_t a, int32_t b) { return SaturatingRoundingDoublingHighMul(a, b); }

int32_t ClampToInt32(int64_t value) {
  constexpr int64_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int64_t kMax = std::numeric_limits<int32_t>::max();
  return static_cast<int32_t>(value < kMin ? kMin : (value > kMax ? kMax : value));
}

// ln(x) for x >= 1 in Q12.19, returned in Q5.26: x = 2^k * z with z near 1, ln x = k ln 2 plus a
// rational approximation of ln z, evaluated where the square-root pivots keep it accurate.
int32_t LogQ5OfSumQ12(int32_t x_q12) {
  const int32_t shifted_quarter = RoundingDivideByPOT(kOneQuarterQ0, kLogAccumulationIntegerBits);
  // Two normalizations of x read as Q0.31: z_a in [1/2, 1) and z_b = z_a / sqrt(2).
  const int z_a_headroom_plus_1 = CountLeadingZeros(static_cast<uint32_t>(x_q12));
  const int32_t r_a_tmp = SaturatingRoundingMultiplyByPOT(x_q12, z_a_headroom_plus_1 - 1);
  const int32_t r_a = SaturatingRoundingMultiplyByPOT(Mul(r_a_tmp, kSqrtHalfQ0), 1);
  const int32_t z_a_pow_2_adj = ClampToInt32(
      static_cast<int64_t>(SaturatingRoundingMultiplyByPOT(
          kAccumulationIntegerBits - z_a_headroom_plus_1, 31 - kLogAccumulationIntegerBits)) +
      shifted_quarter);
  const int32_t z_b = Mul(x_q12, kSqrtHalfQ0);
  const int z_b_headroom = CountLeadingZeros(static_cast<uint32_t>(z_b)) - 1;
  const int32_t r_b = SaturatingRoundingMultiplyByPOT(x_q12, z_b_headroom);
  const int32_t z_b_pow_2_adj =
      ClampToInt32(static_cast<int64_t>(SaturatingRoundingMultiplyByPOT(
                       kAccumulationIntegerBits - z_b_headroom, 31 - kLogAccumulationIntegerBits)) -
                   shifted_quarter);
  const int32_t r = r_a < r_b ? r_a : r_b;
  const int32_t z_pow_2_adj = z_a_pow_2_adj > z_b_pow_2_adj ? z_a_pow_2_adj : z_b_pow_2_adj;

  const int32_t p = fixed_point::RoundingHalfSum(r, kSqrtSqrtHalfQ0);
  int32_t q = WrappingSub(r, kSqrtSqrtHalfQ0);
  q = WrappingAdd(q, q);
  const int32_t common_sq = Mul(q, q);
  const int32_t num = WrappingAdd(Mul(q, r), Mul(Mul(q, common_sq), kAlphaNQ0));
  const int32_t denom_minus_one = WrappingAdd(
      Mul(p, WrappingAdd(WrappingAdd(kAlphaIQ0, q), Mul(kAlphaDQ0, common_sq))), Mul(kAlphaFQ0, q));
  const int32_t recip_denom = fixed_point::OneOverOnePlusXForXIn0To1(denom_minus_one);
  const int32_t num_scaled = RoundingDivideByPOT(num, kLogAccumulationIntegerBits);
  const int32_t log_q6 = WrappingAdd(Mul(z_pow_2_adj, kLog2Q0), Mul(num_scaled, recip_denom));
  return SaturatingRoundingMultiplyByPOT(log_q6, kLogAccumulationIntegerBits - kInputIntegerBits);
}

// A difference to the row max in input steps, as Q5.26.
int32_t DiffQ5(const LogSoftmaxParams& p, int32_t diff) {
  return MultiplyByQuantizedMultiplier(diff, p.input_multiplier, p.input_left_shift);
}

void LogSoftmaxRow(const LogSoftmaxParams& p, const int8_t* input, int8_t* output) {
  int32_t row_max = -128;
  for (int32_t c = 0; c < p.depth; ++c) row_max = input[c] > row_max ? input[c] : row_max;

  // From depth 4096 on the sum can wrap, as the reference's int32 additions do in practice.
  int32_t sum_q12 = 0;
  for (int32_t c = 0; c < p.depth; ++c) {
    const int32_t diff = input[c] - row_max;
    if (diff < p.diff_min) continue;
    const int32_t exp_q0 = fixed_point::ExpOnNegativeValues<kInputIntegerBits>(DiffQ5(p, diff));
    sum_q12 = WrappingAdd(sum_q12, RoundingDivideByPOT(exp_q0, kAccumulationIntegerBits));
  }
  const int32_t log_sum_q5 = LogQ5OfSumQ12(sum_q12);

  // Differences whose result would fall below Q5.26's range once the log is subtracted give
  // the smallest output; the bound in input steps comes from the reverse scaling.
  const int32_t shifted_log_sum_q5 = WrappingAdd(log_sum_q5, std::numeric_limits<int32_t>::min());
  const int32_t scaled_bound = MultiplyByQuantizedMultiplier(
      shifted_log_sum_q5, p.reverse_scaling_divisor, -p.reverse_scaling_right_shift);
  const int32_t adjusted_diff_min = p.diff_min - 1 > scaled_bound ? p.diff_min - 1 : scaled_bound;

  for (int32_t c = 0; c < p.depth; ++c) {
    const int32_t diff = input[c] - row_max;
    if (diff <= adjusted_diff_min) {
      output[c] = -128;
      continue;
    }
    const int32_t result = RoundingDivideByPOT(WrappingSub(DiffQ5(p, diff), log_sum_q5),
                                               31 - kInputIntegerBits - kOutputIntegerBits) +
                           127;
    output[c] = static_cast<int8_t>(Clamp(result, -128, 127));
  }
}

}  // namespace

size_t LogSoftmaxScratchBytes(const LogSoftmaxParams&) { return 0; }

Status LogSoftmax(const LogSoftmaxParams& params, const int8_t* input, int8_t* output,
                  std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), LogSoftmaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckLogSoftmaxParams(params, kName));
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const ptrdiff_t offset = static_cast<ptrdiff_t>(row) * params.depth;
    LogSoftmaxRow(params, input + offset, output + offset);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
