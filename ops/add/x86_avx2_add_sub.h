// add's and sub's AVX2 loops (ops/add/x86.h, ops/sub/x86.h), one template over the second
// operand's sign: sub is add with the second scaled operand subtracted (ops/sub/ref.cc against
// ops/add/ref.cc). Included only by add/x86_avx2_kernel.cc and sub/x86_avx2_kernel.cc, which are
// compiled with the AVX2 flags; internal linkage like simd.h. Never allocates.
#pragma once

#include <immintrin.h>

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

// The low byte of each lane of a and b, in order (ref's int8 cast of the clamped value).
ARENASTORE_X86_INLINE __m128i LowBytes(__m256i a, __m256i b) {
  const __m256i byte_mask = _mm256_set1_epi32(0xff);
  const __m256i words =
      _mm256_packus_epi32(_mm256_and_si256(a, byte_mask), _mm256_and_si256(b, byte_mask));
  const __m256i bytes = _mm256_packus_epi16(words, words);
  // Dword 0: a's 0-3, 1: b's 0-3 (duplicate), 4: a's 4-7, 5: b's 4-7.
  return _mm256_castsi256_si128(
      _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0)));
}

ARENASTORE_X86_INLINE __m256i Widen8(const int8_t* p) {
  return _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}

// One row of `n` outputs; an input with step 0 repeats its first value.
template <class Math>
void AddSubRow(const Math& math, const int8_t* a, int32_t step_a, const int8_t* b, int32_t step_b,
               int8_t* out, ptrdiff_t n) {
  const __m256i a_value = _mm256_set1_epi32(a[0]);
  const __m256i b_value = _mm256_set1_epi32(b[0]);
  ptrdiff_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i a0 = step_a != 0 ? Widen8(a + i) : a_value;
    const __m256i a1 = step_a != 0 ? Widen8(a + i + 8) : a_value;
    const __m256i b0 = step_b != 0 ? Widen8(b + i) : b_value;
    const __m256i b1 = step_b != 0 ? Widen8(b + i + 8) : b_value;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i),
                     LowBytes(math.Of8(a0, b0), math.Of8(a1, b1)));
  }
  if (i < n) {  // the tail through a staging buffer, never reading past the inputs
    alignas(16) int8_t sa[16] = {}, sb[16] = {};
    const ptrdiff_t rest = n - i;
    for (ptrdiff_t k = 0; k < rest; ++k) {
      sa[k] = step_a != 0 ? a[i + k] : a[0];
      sb[k] = step_b != 0 ? b[i + k] : b[0];
    }
    const __m128i bytes =
        LowBytes(math.Of8(Widen8(sa), Widen8(sb)), math.Of8(Widen8(sa + 8), Widen8(sb + 8)));
    StoreBytes(out + i, bytes, static_cast<int32_t>(rest));
  }
}

// RunAdd (kAdded) and RunSub (kSubtracted).
template <x86::SecondOperand kSecond>
void RunAddOrSub(const AddJob& job) {
  const AddSubMath<kSecond> math(*job.params);
  const x86::BroadcastRows& r = job.rows;
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    AddSubRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx2::internal
