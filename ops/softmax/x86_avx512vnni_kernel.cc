// softmax/x86_avx512vnni's inner loops (see x86_avx512vnni.h); compiled with the AVX-512 flags.
// Every function restates one of kernels/gemmlowp_fixed_point.h or kernels/fixed_point.h on 16
// int32 lanes with the same rounding and wrapping, so the results are those of ref's scalar path.
#include <immintrin.h>

#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "ops/softmax/x86_avx512vnni.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

constexpr int kScaledDiffIntegerBits = 5;     // rescaled differences are Q5.26
constexpr int kAccumulationIntegerBits = 12;  // the sum of exponentials is Q12.19

ARENASTORE_X86_INLINE __m512i Set(int32_t value) { return _mm512_set1_epi32(value); }

// SaturatingRoundingDoublingHighMul.
ARENASTORE_X86_INLINE __m512i Srdhm(__m512i a, __m512i b) {
  return SaturateMinTimesMin(DoublingHighMul(a, b), a, b);
}

// RoundingDivideByPOT by a constant exponent in [0, 31].
ARENASTORE_X86_INLINE __m512i DivideByPot(__m512i x, int exponent) {
  const auto mask = static_cast<int32_t>((int64_t{1} << exponent) - 1);
  return RoundingShiftRight(x, Set(exponent), Set(mask), Set(mask >> 1));
}

// ExpOnIntervalBetweenNegativeOneQuarterAnd0Excl. The "multiply by 2^-k" steps are
// RoundingDivideByPOT, as SaturatingRoundingMultiplyByPOT is for negative exponents.
ARENASTORE_X86_INLINE __m512i ExpOnQuarterInterval(__m512i a) {
  const __m512i exp_minus_one_eighth = Set(fixed_point::kExpMinusOneEighthQ0);
  const __m512i x = _mm512_add_epi32(a, Set(1 << 28));
  const __m512i x2 = Srdhm(x, x);
  const __m512i x3 = Srdhm(x2, x);
  const __m512i x4 = Srdhm(x2, x2);
  const __m512i x4_over_4 = DivideByPot(x4, 2);
  const __m512i poly = DivideByPot(
      _mm512_add_epi32(Srdhm(_mm512_add_epi32(x4_over_4, x3), Set(fixed_point::kOneThirdQ0)), x2),
      1);
  return _mm512_add_epi32(exp_minus_one_eighth,
                          Srdhm(exp_minus_one_eighth, _mm512_add_epi32(x, poly)));
}

// ExpOnNegativeValues<5>: Q5.26 in, Q0.31 out. The left shift by 5 of a value in [-2^24, 0)
// never saturates, so it is a plain shift.
ARENASTORE_X86_INLINE __m512i ExpOnNegativeValues(__m512i a) {
  constexpr int kFractionalBits = 31 - kScaledDiffIntegerBits;
  constexpr int32_t kOneQuarter = 1 << (kFractionalBits - 2);
  const __m512i mod_quarter_minus_quarter =
      _mm512_sub_epi32(_mm512_and_si512(a, Set(kOneQuarter - 1)), Set(kOneQuarter));
  __m512i result =
      ExpOnQuarterInterval(_mm512_slli_epi32(mod_quarter_minus_quarter, kScaledDiffIntegerBits));
  const __m512i remainder = _mm512_sub_epi32(mod_quarter_minus_quarter, a);
#pragma GCC unroll 7
  for (int k = -2; k < kScaledDiffIntegerBits; ++k) {
    const __mmask16 bit = _mm512_test_epi32_mask(remainder, Set(1 << (kFractionalBits + k)));
    result = _mm512_mask_mov_epi32(result, bit,
                                   Srdhm(result, Set(fixed_point::kExpMinusPowerOfTwoQ0[k + 2])));
  }
  const __mmask16 zero = _mm512_cmpeq_epi32_mask(a, _mm512_setzero_si512());
  return _mm512_mask_mov_epi32(result, zero, Set(fixed_point::kQ0One));
}

// One row's constants and its lanes [first, first + 16): the exponentials of the differences
// from the row maximum, and which lanes are real and not below diff_min.
struct RowLanes {
  __m512i exp_q0_31;
  __mmask16 kept;
};

struct RowMath {
  __m512i row_max, diff_min, multiplier;
  __m128i left_shift;

  ARENASTORE_X86_INLINE RowLanes At(const int8_t* row, int32_t first, int32_t depth) const {
    const int32_t lanes = depth - first < 16 ? depth - first : 16;
    const __mmask16 real = LaneMask(lanes);
    const __m512i x = _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(real, row + first));
    const __m512i diff = _mm512_sub_epi32(x, row_max);
    // MultiplyByQuantizedMultiplier with a left shift (in [0, 30]) and no right shift; the
    // shift wraps like ref's unsigned one.
    const __m512i scaled = Srdhm(_mm512_sll_epi32(diff, left_shift), multiplier);
    return {ExpOnNegativeValues(scaled), _mm512_mask_cmpge_epi32_mask(real, diff, diff_min)};
  }
};

int32_t RowMax(const int8_t* row, int32_t depth) {
  __m512i max = _mm512_set1_epi8(-128);
  for (int32_t c = 0; c < depth; c += 64) {
    const __mmask64 mask = ByteMask(depth - c);
    max = _mm512_max_epi8(max, _mm512_mask_loadu_epi8(_mm512_set1_epi8(-128), mask, row + c));
  }
  const __m256i half =
      _mm256_max_epi8(_mm512_castsi512_si256(max), _mm512_extracti64x4_epi64(max, 1));
  __m128i quarter = _mm_max_epi8(_mm256_castsi256_si128(half), _mm256_extracti128_si256(half, 1));
  quarter = _mm_max_epi8(quarter, _mm_srli_si128(quarter, 8));
  quarter = _mm_max_epi8(quarter, _mm_srli_si128(quarter, 4));
  quarter = _mm_max_epi8(quarter, _mm_srli_si128(quarter, 2));
  quarter = _mm_max_epi8(quarter, _mm_srli_si128(quarter, 1));
  return static_cast<int8_t>(_mm_cvtsi128_si32(quarter) & 0xff);
}

// Rows up to this many lanes keep their exponentials for the output pass (1 KiB of stack);
// longer rows compute them again.
constexpr int32_t kCachedVectors = 16;

void SoftmaxRow(const SoftmaxParams& p, const int8_t* input, int8_t* output) {
  const RowMath math{Set(RowMax(input, p.depth)), Set(p.diff_min), Set(p.input_multiplier),
                     _mm_cvtsi32_si128(p.input_left_shift)};
  const bool cached = p.depth <= 16 * kCachedVectors;
  RowLanes lanes[kCachedVectors];
  // The sum wraps like ref's (from depth 4096 on): plain 32-bit lane adds, then a lane sum.
  __m512i sum = _mm512_setzero_si512();
  for (int32_t first = 0, v = 0; first < p.depth; first += 16, ++v) {
    const RowLanes at = math.At(input, first, p.depth);
    if (cached) lanes[v] = at;
    sum = _mm512_mask_add_epi32(sum, at.kept, sum,
                                DivideByPot(at.exp_q0_31, kAccumulationIntegerBits));
  }
  int num_bits_over_unit = 0;
  const __m512i reciprocal = Set(fixed_point::GetReciprocal(
      _mm512_reduce_add_epi32(sum), kAccumulationIntegerBits, &num_bits_over_unit));
  // RoundingDivideByPOTWide: exponents of 32 and more round everything to 0.
  const int exponent = num_bits_over_unit + 31 - 8;
  for (int32_t first = 0, v = 0; first < p.depth; first += 16, ++v) {
    const RowLanes at = cached ? lanes[v] : math.At(input, first, p.depth);
    const __m512i probability = Srdhm(reciprocal, at.exp_q0_31);
    const __m512i scaled =
        exponent < 32 ? DivideByPot(probability, exponent) : _mm512_setzero_si512();
    const __m512i out =
        _mm512_min_epi32(_mm512_max_epi32(_mm512_sub_epi32(scaled, Set(128)), Set(-128)), Set(127));
    const __m512i bytes = _mm512_mask_mov_epi32(Set(-128), at.kept, out);
    const int32_t count = p.depth - first < 16 ? p.depth - first : 16;
    _mm_mask_storeu_epi8(output + first, LaneMask(count), _mm512_cvtepi32_epi8(bytes));
  }
}

}  // namespace

void RunSoftmax(const SoftmaxParams& params, const int8_t* input, int8_t* output) {
  for (int32_t row = 0; row < params.outer_size; ++row) {
    const ptrdiff_t offset = static_cast<ptrdiff_t>(row) * params.depth;
    SoftmaxRow(params, input + offset, output + offset);
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
