#include "ops/softmax/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "softmax/ref";
constexpr int kScaledDiffIntegerBits = 5;     // rescaled differences are Q5.26
constexpr int kAccumulationIntegerBits = 12;  // the sum of exponentials is Q12.19

// exp(beta * input_scale * diff) in Q0.31 for diff = input - row max <= 0.
int32_t ExpOfDiff(const SoftmaxParams& params, int32_t diff) {
  const int32_t diff_q5_26 =
      MultiplyByQuantizedMultiplier(diff, params.input_multiplier, params.input_left_shift);
  return fixed_point::ExpOnNegativeValues<kScaledDiffIntegerBits>(diff_q5_26);
}

// x / 2^exponent rounded half away from zero, also for exponents of 32 and more, where
// gemmlowp's version is undefined: |x| < 2^31 then always rounds to 0.
int32_t RoundingDivideByPOTWide(int32_t x, int exponent) {
  return exponent < 32 ? RoundingDivideByPOT(x, exponent) : 0;
}

// One row to Out (int8 or int16): probabilities in units of 2^-bits, offset by the type's minimum.
template <typename Out>
void SoftmaxRow(const SoftmaxParams& params, const int8_t* input, Out* output) {
  constexpr int kOutputBits = 8 * sizeof(Out);
  constexpr int32_t kOutputMin = -(1 << (kOutputBits - 1));
  constexpr int32_t kOutputMax = (1 << (kOutputBits - 1)) - 1;
  int32_t row_max = -128;
  for (int32_t c = 0; c < params.depth; ++c) row_max = input[c] > row_max ? input[c] : row_max;

  // From depth 4096 on the sum can wrap, as the reference's int32 additions do in practice.
  int32_t sum_q12_19 = 0;
  for (int32_t c = 0; c < params.depth; ++c) {
    const int32_t diff = input[c] - row_max;
    if (diff < params.diff_min) continue;
    sum_q12_19 = fixed_point::WrappingAdd(
        sum_q12_19, RoundingDivideByPOT(ExpOfDiff(params, diff), kAccumulationIntegerBits));
  }

  int num_bits_over_unit = 0;
  const int32_t reciprocal_q0_31 =
      fixed_point::GetReciprocal(sum_q12_19, kAccumulationIntegerBits, &num_bits_over_unit);
  for (int32_t c = 0; c < params.depth; ++c) {
    const int32_t diff = input[c] - row_max;
    if (diff < params.diff_min) {
      output[c] = static_cast<Out>(kOutputMin);
      continue;
    }
    const int32_t probability_q0_31 =
        SaturatingRoundingDoublingHighMul(reciprocal_q0_31, ExpOfDiff(params, diff));
    // Q0.31 scaled by 2^-num_bits_over_unit, to units of 2^-bits.
    const int32_t unsigned_output =
        RoundingDivideByPOTWide(probability_q0_31, num_bits_over_unit + 31 - kOutputBits);
    output[c] = static_cast<Out>(Clamp(unsigned_output + kOutputMin, kOutputMin, kOutputMax));
  }
}

template <typename Out>
void SoftmaxRows(const SoftmaxParams& params, const int8_t* input, Out* output) {
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const ptrdiff_t offset = static_cast<ptrdiff_t>(row) * params.depth;
    SoftmaxRow(params, input + offset, output + offset);
  }
}

}  // namespace

size_t SoftmaxScratchBytes(const SoftmaxParams&) { return 0; }

Status Softmax(const SoftmaxParams& params, const int8_t* input, void* output,
               std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SoftmaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSoftmaxParams(params, kName));
  if (params.output_type == ElementType::kInt16) {
    SoftmaxRows(params, input, static_cast<int16_t*>(output));
  } else {
    SoftmaxRows(params, input, static_cast<int8_t*>(output));
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
