#include "ops/l2_normalization/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "l2_normalization/ref";
constexpr int kOutputFractionBits = 7;  // output units of 1/128

struct InvSqrt {
  int32_t multiplier;
  int left_shift;
};

// 1/sqrt(x) for x >= 0 as a multiplier and left shift, as TensorFlow Lite's
// GetInvSqrtQuantizedMultiplierExp with reverse_shift -1: x is scaled by powers of 4 into
// [2^27, 2^29), five Newton-Raphson steps from 1 run in Q3.28, and the result is multiplied by
// sqrt(2)/2. x <= 1 gives the largest multiplier and no shift.
InvSqrt InvSqrtOf(int32_t x) {
  if (x <= 1) return {INT32_MAX, 0};
  int right_shift = 11;
  while (x >= (1 << 29)) {
    x /= 4;
    ++right_shift;
  }
  const int max_left_shift_bit_pairs =
      (fixed_point::CountLeadingZeros(static_cast<uint32_t>(x)) - 1) / 2;
  const int left_shift_bit_pairs = max_left_shift_bit_pairs - 1;
  right_shift -= left_shift_bit_pairs;
  x <<= 2 * left_shift_bit_pairs;
  // Q3.28 throughout: a product of two Q3.28 is Q6.25, of three Q9.22.
  const int32_t half_input_q3 = RoundingDivideByPOT(x >> 1, 1);
  constexpr int32_t kThreeHalvesQ3 = (1 << 28) + (1 << 27);
  int32_t estimate_q3 = 1 << 28;  // 1.0
  for (int i = 0; i < 5; ++i) {
    const int32_t cube_q9 = SaturatingRoundingDoublingHighMul(
        SaturatingRoundingDoublingHighMul(estimate_q3, estimate_q3), estimate_q3);
    const int32_t cube_q3 = fixed_point::SaturatingRoundingMultiplyByPOT(cube_q9, 6);
    const int32_t step_q6 =
        fixed_point::WrappingSub(SaturatingRoundingDoublingHighMul(kThreeHalvesQ3, estimate_q3),
                                 SaturatingRoundingDoublingHighMul(half_input_q3, cube_q3));
    estimate_q3 = fixed_point::SaturatingRoundingMultiplyByPOT(step_q6, 3);
  }
  constexpr int32_t kHalfSqrtTwoQ0 = 1518500250;  // sqrt(2)/2 in Q0.31
  int32_t multiplier = SaturatingRoundingDoublingHighMul(estimate_q3, kHalfSqrtTwoQ0);
  if (right_shift < 0) {
    multiplier = static_cast<int32_t>(static_cast<uint32_t>(multiplier) << -right_shift);
    right_shift = 0;
  }
  return {multiplier, -right_shift};
}

}  // namespace

size_t L2NormalizationScratchBytes(const L2NormalizationParams&) { return 0; }

Status L2Normalization(const L2NormalizationParams& params, const int8_t* input, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), L2NormalizationScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckL2NormalizationParams(params, kName));
  const int32_t zero_point = params.input_zero_point;
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const int8_t* in = input + static_cast<ptrdiff_t>(row) * params.depth;
    int8_t* out = output + static_cast<ptrdiff_t>(row) * params.depth;
    int32_t sum_of_squares = 0;
    for (int32_t c = 0; c < params.depth; ++c) {
      const int32_t centred = in[c] - zero_point;
      sum_of_squares += centred * centred;
    }
    const InvSqrt inv = InvSqrtOf(sum_of_squares);
    for (int32_t c = 0; c < params.depth; ++c) {
      const int32_t scaled = MultiplyByQuantizedMultiplier(in[c] - zero_point, inv.multiplier,
                                                           inv.left_shift + kOutputFractionBits);
      out[c] = static_cast<int8_t>(Clamp(scaled, -128, 127));
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
