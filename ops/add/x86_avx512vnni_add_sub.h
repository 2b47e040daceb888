// add's and sub's AVX-512 loops (ops/add/x86.h, ops/sub/x86.h), one template over the second
// operand's sign: sub is add with the second scaled operand subtracted (ops/sub/ref.cc against
// ops/add/ref.cc). Included only by add/x86_avx512vnni_kernel.cc and sub/x86_avx512vnni_kernel.cc,
// which are compiled with the AVX-512 flags; internal linkage like simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include "kernels/x86_avx512vnni/binary_rows.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "ops/add/x86.h"
#include "ops/add/x86_add_sub_math.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// The two scaled operands summed (add) or the second subtracted (sub), wrapping like ref.
template <x86::SecondOperand kSecond>
ARENASTORE_X86_INLINE __m512i Combine(__m512i scaled1, __m512i scaled2) {
  if constexpr (kSecond == x86::SecondOperand::kAdded) return _mm512_add_epi32(scaled1, scaled2);
  return _mm512_sub_epi32(scaled1, scaled2);
}

// 16 sums (differences) of x86_add_sub_math.h, as binary_rows.h calls it: their low bytes are
// ref's int8 cast.
template <x86::SecondOperand kSecond>
struct AddSubMath : x86::AddSubMathOf<Int32Lanes, kSecond> {
  using x86::AddSubMathOf<Int32Lanes, kSecond>::AddSubMathOf;
  ARENASTORE_X86_INLINE __m128i Of16(__m512i a, __m512i b) const {
    return _mm512_cvtepi32_epi8(this->Of(a, b));
  }
};

// The common int8 case (left shift 9..20, activation range inside int8) in about 35 instead of
// about 58 instructions per 16 sums, equal to ref:
// 1. The input offset value v = x + offset lies in [-256, 255], so t = v * 2^L (|t| <= 2^28) and
//    SRDHM(t, m) = floor((t m + 2^30) / 2^31) (DoublingHighMul: t != INT32_MIN)
//    = floor((v m + 2^(30-L)) / 2^(31-L)). With m = mh 2^(31-L) + ml (mh = m >> (31-L),
//    0 <= ml < 2^(31-L)) that is v mh + ((v ml + 2^(30-L)) >> (31-L)): |v mh| <= 2^28 and
//    |v ml + 2^(30-L)| < 2^31 for L >= 9, so both fit int32 products.
// 2. RoundingDivideByPOT(h, e) = (h + 2^(e-1) - [h < 0]) >> e for e >= 1 (writing h = q 2^e + r,
//    ref adds [r > 2^(e-1) - 1 + [h < 0]], the carry of that sum), and h for e = 0; [h < 0] is
//    h's sign bit shifted down 31 (e >= 1) or 32 (e = 0, giving 0). |h| <= 2^28 + 1, so
//    h + 2^30 cannot overflow.
// 3. Each scaled input is at most 2^28 + 1 in magnitude, so their sum (or difference, for sub)
//    lies in [-2^30, 2^30) and
//    the output scale is Requantizer::Scale (ScaleBounded when the table allows it), followed by
//    Pack4's saturating zero point add and clamp, which equal ref's int32 clamp and cast while
//    the activation range lies inside int8.
struct InputScale {
  __m512i offset, high_multiplier, low_multiplier, round, half, sign_shift, shift;
  int32_t low_bits;

  static InputScale Of(int32_t offset, int32_t left_shift, int32_t multiplier, int32_t shift) {
    const int32_t low_bits = 31 - left_shift;
    const int32_t right = -shift;
    return {_mm512_set1_epi32(offset),
            _mm512_set1_epi32(multiplier >> low_bits),
            _mm512_set1_epi32(multiplier & ((1 << low_bits) - 1)),
            _mm512_set1_epi32(1 << (low_bits - 1)),
            _mm512_set1_epi32(right > 0 ? 1 << (right - 1) : 0),
            _mm512_set1_epi32(right > 0 ? 31 : 32),
            _mm512_set1_epi32(right),
            low_bits};
  }

  ARENASTORE_X86_INLINE __m512i Apply(__m512i x) const {
    const __m512i v = _mm512_add_epi32(x, offset);
    const __m512i low = _mm512_add_epi32(_mm512_mullo_epi32(v, low_multiplier), round);
    const __m512i h = _mm512_add_epi32(_mm512_mullo_epi32(v, high_multiplier),
                                       _mm512_srai_epi32(low, static_cast<unsigned>(low_bits)));
    const __m512i nudged =
        _mm512_sub_epi32(_mm512_add_epi32(h, half), _mm512_srlv_epi32(h, sign_shift));
    return _mm512_srav_epi32(nudged, shift);
  }
};

bool FastAddApplies(const AddParams& p) {
  return p.left_shift >= 9 && p.left_shift <= 20 && p.activation_min >= -128 &&
         p.activation_max <= 127;
}

template <x86::SecondOperand kSecond, bool kBounded>
void FastAddSubRow(const InputScale& scale1, const InputScale& scale2,
                   const x86::RequantTable& table, const int8_t* a, int32_t step_a, const int8_t* b,
                   int32_t step_b, int8_t* out, ptrdiff_t n) {
  RequantizedRow<kBounded>(
      Requantizer(table, 0), a, step_a, b, step_b, out, n,
      [&](__m512i av, __m512i bv) { return Combine<kSecond>(scale1.Apply(av), scale2.Apply(bv)); });
}

// RunAdd (kAdded) and RunSub (kSubtracted).
template <x86::SecondOperand kSecond>
void RunAddOrSub(const x86::AddJob& job) {
  const AddParams& p = *job.params;
  const x86::BroadcastRows& r = job.rows;
  if (FastAddApplies(p)) {
    const InputScale scale1 =
        InputScale::Of(p.input1_offset, p.left_shift, p.input1_multiplier, p.input1_shift);
    const InputScale scale2 =
        InputScale::Of(p.input2_offset, p.left_shift, p.input2_multiplier, p.input2_shift);
    alignas(64) uint8_t table_storage[x86::RequantTableBytes(kLanes)];
    const x86::RequantTable table = job.output_table != nullptr
                                        ? *job.output_table
                                        : x86::ElementwiseOutputTable(p, kLanes, table_storage);
    x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
      (table.bounded_form_ok ? FastAddSubRow<kSecond, true>
                             : FastAddSubRow<kSecond, false>)(scale1, scale2, table,
                                                              job.input1 + in1, r.row_step1,
                                                              job.input2 + in2, r.row_step2,
                                                              job.output + out, r.row_length);
    });
    return;
  }
  const AddSubMath<kSecond> math(p);
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    BinaryRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx512vnni::internal
