// mul/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/binary_rows.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "ops/mul/x86.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

// TensorFlow Lite's mul on 8 lanes: (a + offset1) * (b + offset2), MultiplyByQuantizedMultiplier
// (left shift, doubling high multiply, rounding right shift), output offset, clamp in int32 (the
// activation range need not lie inside int8).
struct MulMath {
  __m256i offset1, offset2, output_offset, low, high;
  __m256i multiplier, right_shift, round_mask, round_half;
  __m128i left_shift;

  explicit MulMath(const MulParams& p)
      : offset1(_mm256_set1_epi32(p.input1_offset)),
        offset2(_mm256_set1_epi32(p.input2_offset)),
        output_offset(_mm256_set1_epi32(p.output_offset)),
        low(_mm256_set1_epi32(p.activation_min)),
        high(_mm256_set1_epi32(p.activation_max)),
        multiplier(_mm256_set1_epi32(p.output_multiplier)),
        right_shift(_mm256_set1_epi32(p.output_shift > 0 ? 0 : -p.output_shift)),
        round_mask(_mm256_set1_epi32(Mask(p.output_shift))),
        round_half(_mm256_set1_epi32(Mask(p.output_shift) >> 1)),
        left_shift(_mm_cvtsi32_si128(p.output_shift > 0 ? p.output_shift : 0)) {}

  static int32_t Mask(int32_t shift) {
    return static_cast<int32_t>((int64_t{1} << (shift > 0 ? 0 : -shift)) - 1);
  }

  ARENASTORE_X86_INLINE __m256i Of8(__m256i a, __m256i b) const {
    const __m256i product =
        _mm256_mullo_epi32(_mm256_add_epi32(a, offset1), _mm256_add_epi32(b, offset2));
    const __m256i x = _mm256_sll_epi32(product, left_shift);
    const __m256i scaled =
        RoundingShiftRight(SaturateMinTimesMin(DoublingHighMul(x, multiplier), x, multiplier),
                           right_shift, round_mask, round_half);
    return _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(scaled, output_offset), low), high);
  }
};

}  // namespace

void RunMul(const x86::MulJob& job) {
  const MulMath math(*job.params);
  const x86::BroadcastRows& r = job.rows;
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    BinaryRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace arenastore::kernels::x86_avx2::internal
