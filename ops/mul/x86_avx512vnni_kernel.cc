// mul/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/binary_rows.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "ops/mul/x86.h"
#include "ops/mul/x86_mul_math.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// TensorFlow Lite's mul on 16 lanes (x86_mul_math.h), as binary_rows.h calls it: the low bytes
// (ref's int8 cast) of 16 results.
struct MulMath : x86::MulMathOf<Int32Lanes> {
  using MulMathOf::MulMathOf;
  ARENASTORE_X86_INLINE __m128i Of16(__m512i a, __m512i b) const {
    return _mm512_cvtepi32_epi8(Of(a, b));
  }
};

// With the activation range inside int8 (the common case), the requantization is the table
// requantizer's (its general form is MultiplyByQuantizedMultiplier, left shift included; the
// short form when the table allows it, as |product| <= 2^16 < 2^30), and Pack4's saturating zero
// point add and clamp equal ref's int32 clamp and cast: 64 outputs per store.
bool FastMulApplies(const MulParams& p) {
  return p.activation_min >= -128 && p.activation_max <= 127;
}

// 32 int8 values from p (bytes past `bytes` zero) plus `offset`, as int16: |x + offset| <= 255.
ARENASTORE_X86_INLINE __m512i Offset32(const int8_t* p, ptrdiff_t bytes, __m512i offset) {
  const auto mask = static_cast<__mmask32>(bytes <= 0 ? 0 : ByteMask(bytes < 32 ? bytes : 32));
  return _mm512_add_epi16(_mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, p)), offset);
}

// 64 outputs at a time from int16 lanes: a product of two offset inputs lies in [-2^16, 2^16],
// so VPMULLW and VPMULHW give its low and high halves and two unpacks its int32 value (lanes
// 4k..4k+3 of each 128-bit block: elements 8k..8k+3 and 8k+4..8k+7), half the multiply work of
// VPMULLD on widened lanes; Requantizer::PackUnpacked restores element order.
template <bool kBounded>
void FastMulRow(const MulParams& p, const x86::RequantTable& table, const int8_t* a, int32_t step_a,
                const int8_t* b, int32_t step_b, int8_t* out, ptrdiff_t n) {
  const Requantizer r(table, 0);
  const __m512i offset1 = _mm512_set1_epi16(static_cast<int16_t>(p.input1_offset));
  const __m512i offset2 = _mm512_set1_epi16(static_cast<int16_t>(p.input2_offset));
  const __m512i a_value = _mm512_set1_epi16(static_cast<int16_t>(a[0] + p.input1_offset));
  const __m512i b_value = _mm512_set1_epi16(static_cast<int16_t>(b[0] + p.input2_offset));
  for (ptrdiff_t i = 0; i < n; i += 64) {
    __m512i scaled[4];
#pragma GCC unroll 2
    for (int h = 0; h < 2; ++h) {
      const ptrdiff_t at = i + 32 * h;
      const __m512i av = step_a != 0 ? Offset32(a + at, n - at, offset1) : a_value;
      const __m512i bv = step_b != 0 ? Offset32(b + at, n - at, offset2) : b_value;
      const __m512i low = _mm512_mullo_epi16(av, bv);
      const __m512i high = _mm512_mulhi_epi16(av, bv);
      const __m512i first = _mm512_unpacklo_epi16(low, high);
      const __m512i second = _mm512_unpackhi_epi16(low, high);
      scaled[2 * h] = kBounded ? r.ScaleBounded(first, 0) : r.Scale(first, 0);
      scaled[2 * h + 1] = kBounded ? r.ScaleBounded(second, 0) : r.Scale(second, 0);
    }
    StoreBytes(out + i, r.PackUnpacked(scaled[0], scaled[1], scaled[2], scaled[3]),
               static_cast<int32_t>(n - i < 64 ? n - i : 64));
  }
}

}  // namespace

void RunMul(const x86::MulJob& job) {
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
    BinaryRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
