// mul/x86_avx512vnni's inner loops (see mul.h); compiled with the AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// TensorFlow Lite's mul on 16 lanes: (a + offset1) * (b + offset2), MultiplyByQuantizedMultiplier
// (left shift, doubling high multiply, rounding right shift), output offset, clamp in int32 (the
// activation range need not lie inside int8).
struct MulMath {
  __m512i offset1, offset2, output_offset, low, high;
  __m512i multiplier, right_shift, round_mask, round_half;
  __m128i left_shift;

  explicit MulMath(const MulParams& p)
      : offset1(_mm512_set1_epi32(p.input1_offset)),
        offset2(_mm512_set1_epi32(p.input2_offset)),
        output_offset(_mm512_set1_epi32(p.output_offset)),
        low(_mm512_set1_epi32(p.activation_min)),
        high(_mm512_set1_epi32(p.activation_max)),
        multiplier(_mm512_set1_epi32(p.output_multiplier)),
        right_shift(_mm512_set1_epi32(p.output_shift > 0 ? 0 : -p.output_shift)),
        round_mask(_mm512_set1_epi32(Mask(p.output_shift))),
        round_half(_mm512_set1_epi32(Mask(p.output_shift) >> 1)),
        left_shift(_mm_cvtsi32_si128(p.output_shift > 0 ? p.output_shift : 0)) {}

  static int32_t Mask(int32_t shift) {
    return static_cast<int32_t>((int64_t{1} << (shift > 0 ? 0 : -shift)) - 1);
  }

  // The low bytes (ref's int8 cast) of 16 results.
  ARENASTORE_X86_INLINE __m128i Mul16(__m512i a, __m512i b) const {
    const __m512i product =
        _mm512_mullo_epi32(_mm512_add_epi32(a, offset1), _mm512_add_epi32(b, offset2));
    const __m512i x = _mm512_sll_epi32(product, left_shift);
    const __m512i scaled =
        RoundingShiftRight(SaturateMinTimesMin(DoublingHighMul(x, multiplier), x, multiplier),
                           right_shift, round_mask, round_half);
    const __m512i out = _mm512_add_epi32(scaled, output_offset);
    return _mm512_cvtepi32_epi8(_mm512_min_epi32(_mm512_max_epi32(out, low), high));
  }
};

// One row of `n` outputs; an input with step 0 repeats its first value.
void MulRow(const MulMath& math, const int8_t* a, int32_t step_a, const int8_t* b, int32_t step_b,
            int8_t* out, ptrdiff_t n) {
  const __m512i a_value = _mm512_set1_epi32(a[0]);
  const __m512i b_value = _mm512_set1_epi32(b[0]);
  for (ptrdiff_t i = 0; i < n; i += 16) {
    const __mmask16 mask = LaneMask(static_cast<int32_t>(n - i < 16 ? n - i : 16));
    const __m512i av = step_a != 0 ? Widen16(a + i, mask) : a_value;
    const __m512i bv = step_b != 0 ? Widen16(b + i, mask) : b_value;
    _mm_mask_storeu_epi8(out + i, mask, math.Mul16(av, bv));
  }
}

// With the activation range inside int8 (the common case), the requantization is the table
// requantizer's (its general form is MultiplyByQuantizedMultiplier, left shift included; the
// short form when the table allows it, as |product| <= 2^16 < 2^30), and Pack4's saturating zero
// point add and clamp equal ref's int32 clamp and cast: 64 outputs per store.
bool FastMulApplies(const MulParams& p) {
  return p.activation_min >= -128 && p.activation_max <= 127;
}

template <bool kBounded>
void FastMulRow(const MulParams& p, const x86::RequantTable& table, const int8_t* a, int32_t step_a,
                const int8_t* b, int32_t step_b, int8_t* out, ptrdiff_t n) {
  const __m512i offset1 = _mm512_set1_epi32(p.input1_offset);
  const __m512i offset2 = _mm512_set1_epi32(p.input2_offset);
  RequantizedRow<kBounded>(
      Requantizer(table, 0), a, step_a, b, step_b, out, n, [&](__m512i av, __m512i bv) {
        return _mm512_mullo_epi32(_mm512_add_epi32(av, offset1), _mm512_add_epi32(bv, offset2));
      });
}

}  // namespace

void RunMul(const MulJob& job) {
  const MulParams& p = *job.params;
  const x86::BroadcastRows& r = job.rows;
  if (FastMulApplies(p)) {
    alignas(64) uint8_t table_storage[x86::RequantTableBytes(kLanes)];
    const x86::RequantTable table = job.output_table != nullptr
                                        ? *job.output_table
                                        : x86::ElementwiseOutputTable(p, kLanes, table_storage);
    x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
      (table.bounded_form_ok ? FastMulRow<true> : FastMulRow<false>)(p, table, job.input1 + in1,
                                                                     r.row_step1, job.input2 + in2,
                                                                     r.row_step2, job.output + out,
                                                                     r.row_length);
    });
    return;
  }
  const MulMath math(p);
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    MulRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
           r.row_length);
  });
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
