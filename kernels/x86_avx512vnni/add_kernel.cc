// add/x86_avx512vnni's inner loops (see add.h); compiled with the AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// MultiplyByQuantizedMultiplierSmallerThanOneExp with its constants broadcast once.
struct Rescale {
  __m512i multiplier, right_shift, round_mask, round_half;

  static Rescale Of(int32_t multiplier, int32_t shift) {
    const int32_t right = -shift;  // shift is in [-31, 0]
    const auto mask = static_cast<int32_t>((int64_t{1} << right) - 1);
    return {_mm512_set1_epi32(multiplier), _mm512_set1_epi32(right), _mm512_set1_epi32(mask),
            _mm512_set1_epi32(mask >> 1)};
  }

  // `x_may_be_min`: whether x can be INT32_MIN, the one saturating case of the doubling high
  // multiply (with a multiplier of INT32_MIN). The shifted inputs never are: |x| <= 256 << 22.
  ARENASTORE_X86_INLINE __m512i Apply(__m512i x, bool x_may_be_min) const {
    __m512i high = DoublingHighMul(x, multiplier);
    if (x_may_be_min) high = SaturateMinTimesMin(high, x, multiplier);
    return RoundingShiftRight(high, right_shift, round_mask, round_half);
  }
};

struct AddMath {
  __m128i left_shift;
  __m512i offset1, offset2, output_offset, low, high;
  Rescale scale1, scale2, scale_out;
  bool output_may_saturate;  // the output multiplier is INT32_MIN (a sum can be too)

  explicit AddMath(const AddParams& p)
      : left_shift(_mm_cvtsi32_si128(p.left_shift)),
        offset1(_mm512_set1_epi32(p.input1_offset)),
        offset2(_mm512_set1_epi32(p.input2_offset)),
        output_offset(_mm512_set1_epi32(p.output_offset)),
        low(_mm512_set1_epi32(p.activation_min)),
        high(_mm512_set1_epi32(p.activation_max)),
        scale1(Rescale::Of(p.input1_multiplier, p.input1_shift)),
        scale2(Rescale::Of(p.input2_multiplier, p.input2_shift)),
        scale_out(Rescale::Of(p.output_multiplier, p.output_shift)),
        output_may_saturate(p.output_multiplier == INT32_MIN) {}

  // 16 sums, clamped in int32 like ref (the activation range need not lie inside int8); their
  // low bytes are ref's int8 cast.
  ARENASTORE_X86_INLINE __m128i Add16(__m512i a, __m512i b) const {
    const __m512i x1 = _mm512_sll_epi32(_mm512_add_epi32(a, offset1), left_shift);
    const __m512i x2 = _mm512_sll_epi32(_mm512_add_epi32(b, offset2), left_shift);
    const __m512i sum = _mm512_add_epi32(scale1.Apply(x1, false), scale2.Apply(x2, false));
    const __m512i out = _mm512_add_epi32(scale_out.Apply(sum, output_may_saturate), output_offset);
    return _mm512_cvtepi32_epi8(_mm512_min_epi32(_mm512_max_epi32(out, low), high));
  }
};

ARENASTORE_X86_INLINE __m512i Widen16(const int8_t* p, __mmask16 mask) {
  return _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, p));
}

// One row of `n` outputs; an input with step 0 repeats its first value.
void AddRow(const AddMath& math, const int8_t* a, int32_t step_a, const int8_t* b, int32_t step_b,
            int8_t* out, ptrdiff_t n) {
  const __m512i a_value = _mm512_set1_epi32(a[0]);
  const __m512i b_value = _mm512_set1_epi32(b[0]);
  for (ptrdiff_t i = 0; i < n; i += 16) {
    const __mmask16 mask = LaneMask(static_cast<int32_t>(n - i < 16 ? n - i : 16));
    const __m512i av = step_a != 0 ? Widen16(a + i, mask) : a_value;
    const __m512i bv = step_b != 0 ? Widen16(b + i, mask) : b_value;
    _mm_mask_storeu_epi8(out + i, mask, math.Add16(av, bv));
  }
}

}  // namespace

void RunAdd(const AddJob& job) {
  const AddMath math(*job.params);
  const x86::BroadcastRows& r = job.rows;
  int32_t position[kMaxBroadcastRank] = {};
  ptrdiff_t in1 = 0, in2 = 0, out = 0;
  for (;;) {
    AddRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
           r.row_length);
    out += r.row_length;
    // The odometer over the outer dimensions, innermost last.
    int d = r.outer_rank - 1;
    for (; d >= 0; --d) {
      if (++position[d] < r.outer_dims[d]) {
        in1 += r.outer_step1[d];
        in2 += r.outer_step2[d];
        break;
      }
      position[d] = 0;
      in1 -= r.outer_step1[d] * (r.outer_dims[d] - 1);
      in2 -= r.outer_step2[d] * (r.outer_dims[d] - 1);
    }
    if (d < 0) return;
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
