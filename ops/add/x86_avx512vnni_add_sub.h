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

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// The two scaled operands summed (add) or the second subtracted (sub), wrapping like ref.
template <x86::SecondOperand kSecond>
ARENASTORE_X86_INLINE __m512i Combine(__m512i scaled1, __m512i scaled2) {
  if constexpr (kSecond == x86::SecondOperand::kAdded) return _mm512_add_epi32(scaled1, scaled2);
  return _mm512_sub_epi32(scaled1, scaled2);
}

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

template <x86::SecondOperand kSecond>
struct AddSubMath {
  __m128i left_shift;
  __m512i offset1, offset2, output_offset, low, high;
  Rescale scale1, scale2, scale_out;
  bool output_may_saturate;  // the output multiplier is INT32_MIN (a sum can be too)

  explicit AddSubMath(const AddParams& p)
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

  // 16 sums (differences), clamped in int32 like ref (the activation range need not lie inside
  // int8); their low bytes are ref's int8 cast.
  ARENASTORE_X86_INLINE __m128i Of16(__m512i a, __m512i b) const {
    const __m512i x1 = _mm512_sll_epi32(_mm512_add_epi32(a, offset1), left_shift);
    const __m512i x2 = _mm512_sll_epi32(_mm512_add_epi32(b, offset2), left_shift);
    const __m512i sum = Combine<kSecond>(scale1.Apply(x1, false), scale2.Apply(x2, false));
    const __m512i out = _mm512_add_epi32(scale_out.Apply(sum, output_may_saturate), output_offset);
    return _mm512_cvtepi32_epi8(_mm512_min_epi32(_mm512_max_epi32(out, low), high));
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
