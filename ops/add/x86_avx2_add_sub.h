// add's and sub's AVX2 loops (ops/add/x86.h, ops/sub/x86.h), one template over the second
// operand's sign: sub is add with the second scaled operand subtracted (ops/sub/ref.cc against
// ops/add/ref.cc). Included only by add/x86_avx2_kernel.cc and sub/x86_avx2_kernel.cc, which are
// compiled with the AVX2 flags; internal linkage like simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include "kernels/x86_avx2/binary_rows.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "ops/add/x86.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

// MultiplyByQuantizedMultiplierSmallerThanOneExp with its constants broadcast once.
struct Rescale {
  __m256i multiplier, right_shift, round_mask, round_half;

  static Rescale Of(int32_t multiplier, int32_t shift) {
    const int32_t right = -shift;  // shift is in [-31, 0]
    const auto mask = static_cast<int32_t>((int64_t{1} << right) - 1);
    return {_mm256_set1_epi32(multiplier), _mm256_set1_epi32(right), _mm256_set1_epi32(mask),
            _mm256_set1_epi32(mask >> 1)};
  }

  // `x_may_be_min`: whether x can be INT32_MIN, the one saturating case of the doubling high
  // multiply (with a multiplier of INT32_MIN). The shifted inputs never are: |x| <= 256 << 22.
  ARENASTORE_X86_INLINE __m256i Apply(__m256i x, bool x_may_be_min) const {
    __m256i high = DoublingHighMul(x, multiplier);
    if (x_may_be_min) high = SaturateMinTimesMin(high, x, multiplier);
    return RoundingShiftRight(high, right_shift, round_mask, round_half);
  }
};

template <x86::SecondOperand kSecond>
struct AddSubMath {
  __m128i left_shift;
  __m256i offset1, offset2, output_offset, low, high;
  Rescale scale1, scale2, scale_out;
  bool output_may_saturate;  // the output multiplier is INT32_MIN (a sum can be too)

  explicit AddSubMath(const AddParams& p)
      : left_shift(_mm_cvtsi32_si128(p.left_shift)),
        offset1(_mm256_set1_epi32(p.input1_offset)),
        offset2(_mm256_set1_epi32(p.input2_offset)),
        output_offset(_mm256_set1_epi32(p.output_offset)),
        low(_mm256_set1_epi32(p.activation_min)),
        high(_mm256_set1_epi32(p.activation_max)),
        scale1(Rescale::Of(p.input1_multiplier, p.input1_shift)),
        scale2(Rescale::Of(p.input2_multiplier, p.input2_shift)),
        scale_out(Rescale::Of(p.output_multiplier, p.output_shift)),
        output_may_saturate(p.output_multiplier == INT32_MIN) {}

  // 8 sums (differences), clamped in int32 like ref (the activation range need not lie inside
  // int8). Both wrap like ref's int32 arithmetic.
  ARENASTORE_X86_INLINE __m256i Of8(__m256i a, __m256i b) const {
    const __m256i x1 = _mm256_sll_epi32(_mm256_add_epi32(a, offset1), left_shift);
    const __m256i x2 = _mm256_sll_epi32(_mm256_add_epi32(b, offset2), left_shift);
    const __m256i scaled1 = scale1.Apply(x1, false), scaled2 = scale2.Apply(x2, false);
    const __m256i sum = kSecond == x86::SecondOperand::kAdded ? _mm256_add_epi32(scaled1, scaled2)
                                                              : _mm256_sub_epi32(scaled1, scaled2);
    const __m256i out = _mm256_add_epi32(scale_out.Apply(sum, output_may_saturate), output_offset);
    return _mm256_min_epi32(_mm256_max_epi32(out, low), high);
  }
};

// RunAdd (kAdded) and RunSub (kSubtracted).
template <x86::SecondOperand kSecond>
void RunAddOrSub(const x86::AddJob& job) {
  const AddSubMath<kSecond> math(*job.params);
  const x86::BroadcastRows& r = job.rows;
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    BinaryRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx2::internal
