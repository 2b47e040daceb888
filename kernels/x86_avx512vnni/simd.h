// AVX-512 building blocks shared by the x86_avx512vnni kernel files: unaligned scalar loads,
// lane masks, the padded-row copy that flips int8 to uint8 for VPDPBUSD, and TensorFlow Lite's
// requantization on 16 int32 lanes, bit-exact with kernels/fixed_point.h.
// Include only from files compiled with the AVX-512 flags. Everything has internal linkage
// (unnamed namespace) on purpose: an inline function with external linkage compiled here could
// be picked by the linker for a caller that runs on a CPU without AVX-512. Never allocates.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_common/int32_lanes.h"
#include "kernels/x86_common/requant_table.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

// Register tiles only stay in registers when everything they call is inlined.
#ifndef ARENASTORE_X86_INLINE
#define ARENASTORE_X86_INLINE inline __attribute__((always_inline))
#endif

ARENASTORE_X86_INLINE int32_t LoadI32(const void* p) {
  int32_t value;
  __builtin_memcpy(&value, p, sizeof(value));
  return value;
}

// acc += the four-byte dot products of unsigned `a` and signed `b` per lane (VPDPBUSD). Written
// as asm with the accumulator tied in place: with the intrinsic, GCC 12 copies every loop-carried
// accumulator twice per iteration.
ARENASTORE_X86_INLINE void DotAccumulate(__m512i& acc, __m512i a, __m512i b) {
  __asm__("vpdpbusd %2, %1, %0" : "+v"(acc) : "v"(a), "v"(b));
}

ARENASTORE_X86_INLINE __mmask16 LaneMask(int32_t lanes) {
  return lanes >= 16 ? static_cast<__mmask16>(0xffff)
                     : static_cast<__mmask16>(lanes <= 0 ? 0 : (1u << lanes) - 1);
}

ARENASTORE_X86_INLINE __mmask64 ByteMask(ptrdiff_t bytes) {
  return bytes >= 64 ? ~__mmask64{0} : (__mmask64{1} << bytes) - 1;
}

// dst[0, bytes) = value.
ARENASTORE_X86_INLINE void FillBytes(uint8_t* dst, ptrdiff_t bytes, uint8_t value) {
  const __m512i v = _mm512_set1_epi8(static_cast<char>(value));
  for (; bytes >= 64; bytes -= 64, dst += 64) _mm512_storeu_si512(dst, v);
  if (bytes > 0) _mm512_mask_storeu_epi8(dst, ByteMask(bytes), v);
}

// dst[i] = src[i] + 128 as uint8 (the sign bit flipped), so VPDPBUSD's unsigned operand holds
// x + 128 and the kernel subtracts 128 * sum(weights) once per channel.
ARENASTORE_X86_INLINE void CopyFlipped(uint8_t* dst, const int8_t* src, ptrdiff_t bytes) {
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  for (; bytes >= 64; bytes -= 64, dst += 64, src += 64) {
    _mm512_storeu_si512(dst, _mm512_xor_si512(_mm512_loadu_si512(src), flip));
  }
  if (bytes > 0) {
    const __mmask64 mask = ByteMask(bytes);
    _mm512_mask_storeu_epi8(dst, mask, _mm512_xor_si512(_mm512_maskz_loadu_epi8(mask, src), flip));
  }
}

// One padded row of `padded_w` pixels of `channels` bytes: input row `in_y` of `image`
// (shifted right by `pad_left` columns), flipped, with `pad_byte` wherever the row or the
// column lies outside the image.
ARENASTORE_X86_INLINE void FillPaddedRow(uint8_t* dst, const int8_t* image, int32_t in_y,
                                         int32_t input_h, int32_t input_w, int32_t channels,
                                         int32_t pad_left, int32_t padded_w, uint8_t pad_byte) {
  const ptrdiff_t c = channels;
  if (in_y < 0 || in_y >= input_h) {
    FillBytes(dst, padded_w * c, pad_byte);
    return;
  }
  // Padded column x shows input column x - pad_left.
  int32_t x_begin = pad_left > 0 ? pad_left : 0;
  if (x_begin > padded_w) x_begin = padded_w;
  int32_t x_end = pad_left + input_w;
  if (x_end > padded_w) x_end = padded_w;
  if (x_end < x_begin) x_end = x_begin;
  FillBytes(dst, x_begin * c, pad_byte);
  const int8_t* src = image + (static_cast<ptrdiff_t>(in_y) * input_w + (x_begin - pad_left)) * c;
  CopyFlipped(dst + x_begin * c, src, (x_end - x_begin) * c);
  FillBytes(dst + x_end * c, (padded_w - x_end) * c, pad_byte);
}

// SaturatingRoundingDoublingHighMul(x, m) on 16 lanes. For every (x, m) but INT32_MIN twice,
// TensorFlow Lite's nudge-then-truncate equals floor((x * m + 2^30) / 2^31): for x * m < 0,
// truncating (x*m + 1 - 2^30) / 2^31 toward zero is that floor. Bits 31..62 of the 64-bit sum
// are the result, taken from even lanes by a right shift and from odd lanes by a left shift.
ARENASTORE_X86_INLINE __m512i DoublingHighMul(__m512i x, __m512i m) {
  const __m512i round = _mm512_set1_epi64(int64_t{1} << 30);
  const __m512i even = _mm512_add_epi64(_mm512_mul_epi32(x, m), round);
  const __m512i odd =
      _mm512_add_epi64(_mm512_mul_epi32(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(m, 32)), round);
  return _mm512_mask_blend_epi32(0xaaaa, _mm512_srli_epi64(even, 31), _mm512_slli_epi64(odd, 1));
}

ARENASTORE_X86_INLINE __m512i SaturateMinTimesMin(__m512i high, __m512i x, __m512i m) {
  const __m512i min = _mm512_set1_epi32(INT32_MIN);
  const __mmask16 both = _mm512_cmpeq_epi32_mask(x, min) & _mm512_cmpeq_epi32_mask(m, min);
  return _mm512_mask_mov_epi32(high, both, _mm512_set1_epi32(INT32_MAX));
}

// RoundingDivideByPOT(x, e): (x >> e) + (remainder > half + (x < 0)).
ARENASTORE_X86_INLINE __m512i RoundingShiftRight(__m512i x, __m512i shift, __m512i mask,
                                                 __m512i half) {
  const __m512i remainder = _mm512_and_si512(x, mask);
  const __m512i threshold = _mm512_sub_epi32(half, _mm512_srai_epi32(x, 31));
  const __m512i shifted = _mm512_srav_epi32(x, shift);
  const __mmask16 up = _mm512_cmpgt_epi32_mask(remainder, threshold);
  return _mm512_mask_add_epi32(shifted, up, shifted, _mm512_set1_epi32(1));
}

// Int32Lanes: 16 int32 lanes for the templates both ISAs' kernel files share.
ARENASTORE_X86_INT32_LANES(__m512i, _mm512, x86_avx512vnni)

// A RequantTable's constants from channel `first` on, with the scalar fields broadcast once, so
// a register tile's stores (int8, which may alias anything) force no reloads. Build it as a
// local. Channels come in blocks of 16 (one zmm of int32).
struct Requantizer {
  const int32_t* multiplier;
  const int32_t* left_shift;
  const int32_t* right_shift;
  const int32_t* round_mask;
  const int32_t* round_half;
  const int64_t* split_multiplier;
  const int64_t* split_round;
  const int64_t* split_sub;
  const int64_t* split_shift;
  __m512i zero_point16, low8, high8;
  bool any_left_shift, has_min_multiplier;

  ARENASTORE_X86_INLINE Requantizer(const x86::RequantTable& t, int32_t first)
      : multiplier(t.multiplier + first),
        left_shift(t.left_shift + first),
        right_shift(t.right_shift + first),
        round_mask(t.round_mask + first),
        round_half(t.round_half + first),
        split_multiplier(t.split_multiplier + first),
        split_round(t.split_round + first),
        split_sub(t.split_sub + first),
        split_shift(t.split_shift + first),
        zero_point16(_mm512_set1_epi16(static_cast<int16_t>(t.output_zero_point))),
        low8(_mm512_set1_epi8(static_cast<char>(t.activation_min))),
        high8(_mm512_set1_epi8(static_cast<char>(t.activation_max))),
        any_left_shift(t.any_left_shift),
        has_min_multiplier(t.has_min_multiplier) {}

  // MultiplyByQuantizedMultiplier of channels [16 * block, 16 * block + 16), in the fused
  // 64-bit form of requant_table.h (the general form when a multiplier is INT32_MIN).
  ARENASTORE_X86_INLINE __m512i Scale(__m512i acc, int block) const {
    const int c = 16 * block;
    if (any_left_shift) acc = _mm512_sllv_epi32(acc, _mm512_loadu_si512(left_shift + c));
    if (has_min_multiplier) {
      const __m512i m = _mm512_loadu_si512(multiplier + c);
      const __m512i product = SaturateMinTimesMin(DoublingHighMul(acc, m), acc, m);
      return RoundingShiftRight(product, _mm512_loadu_si512(right_shift + c),
                                _mm512_loadu_si512(round_mask + c),
                                _mm512_loadu_si512(round_half + c));
    }
    const __m512i limit = _mm512_set1_epi64(-(int64_t{1} << 30));
    __m512i even = _mm512_mul_epi32(acc, _mm512_loadu_si512(split_multiplier + c));
    __m512i odd =
        _mm512_mul_epi32(_mm512_srli_epi64(acc, 32), _mm512_loadu_si512(split_multiplier + c + 8));
    const __mmask8 even_negative = _mm512_cmplt_epi64_mask(even, limit);
    const __mmask8 odd_negative = _mm512_cmplt_epi64_mask(odd, limit);
    even = _mm512_add_epi64(even, _mm512_loadu_si512(split_round + c));
    odd = _mm512_add_epi64(odd, _mm512_loadu_si512(split_round + c + 8));
    even = _mm512_mask_sub_epi64(even, even_negative, even, _mm512_loadu_si512(split_sub + c));
    odd = _mm512_mask_sub_epi64(odd, odd_negative, odd, _mm512_loadu_si512(split_sub + c + 8));
    even = _mm512_srav_epi64(even, _mm512_loadu_si512(split_shift + c));
    odd = _mm512_srav_epi64(odd, _mm512_loadu_si512(split_shift + c + 8));
    return _mm512_mask_blend_epi32(0xaaaa, even, _mm512_slli_epi64(odd, 32));
  }

  // Scale's result in 10 instructions instead of 13, when the table's bounded_form_ok holds
  // (multiplier m >= 0, right shift e in [1, 30], no left shift) and every lane of acc lies in
  // [-2^30, 2^30) (the caller proves it). Why it equals ref, with x = acc, t = x * m:
  // 1. SRDHM(x, m) = h = floor((t + 2^30) / 2^31) (see DoublingHighMul; m != INT32_MIN).
  // 2. RoundingDivideByPOT(h, e) = floor((h + 2^(e-1) - [h < 0]) / 2^e): with q = h >> e and
  //    r = h - q * 2^e, ref adds [r > 2^(e-1) - 1 + [h < 0]], which is that floor's carry.
  // 3. 2x fits in int32, |2t| <= 2^62, so 2t + 2^31 + 2^(31+e) (split_round doubled) is exact
  //    in int64 and its high dword is floor((t + 2^30) / 2^31 + 2^(e-1)) = h + 2^(e-1), an
  //    int32 since |h| <= 2^30 and e <= 30.
  // 4. [h < 0] may be replaced by c = [x < 0]: for x >= 0 (or m = 0) both are 0 or h = 0; for
  //    x < 0 and m > 0, t < 0 so h <= 0, and they differ only when h = 0, where
  //    floor((2^(e-1) - c) / 2^e) = 0 for both c = 0 and c = 1 since e >= 1.
  // So the result is (h + 2^(e-1) + (x >> 31)) >> e, arithmetic shifts throughout.
  ARENASTORE_X86_INLINE __m512i ScaleBounded(__m512i acc, int block) const {
    const int c = 16 * block;
    const __m512i round_even = _mm512_loadu_si512(split_round + c);
    const __m512i round_odd = _mm512_loadu_si512(split_round + c + 8);
    const __m512i twice = _mm512_add_epi32(acc, acc);
    __m512i even = _mm512_mul_epi32(twice, _mm512_loadu_si512(split_multiplier + c));
    __m512i odd = _mm512_mul_epi32(_mm512_srli_epi64(twice, 32),
                                   _mm512_loadu_si512(split_multiplier + c + 8));
    even = _mm512_add_epi64(even, _mm512_add_epi64(round_even, round_even));
    odd = _mm512_add_epi64(odd, _mm512_add_epi64(round_odd, round_odd));
    // Lane 2i takes even's high dword (lane 2i + 1), lane 2i + 1 keeps odd's.
    const __m512i high = _mm512_mask_shuffle_epi32(odd, 0x5555, even, _MM_PERM_CDAB);
    return _mm512_srav_epi32(_mm512_add_epi32(high, _mm512_srai_epi32(acc, 31)),
                             _mm512_loadu_si512(right_shift + c));
  }

  // Four scaled vectors to 64 int8 (a's 16 channels first): zero point added and the clamp
  // done after saturating packs, which cannot change the result since the activation range
  // lies inside int8 and |zero point| <= 128.
  ARENASTORE_X86_INLINE __m512i Pack4(__m512i a, __m512i b, __m512i c, __m512i d) const {
    const __m512i ab = _mm512_adds_epi16(_mm512_packs_epi32(a, b), zero_point16);
    const __m512i cd = _mm512_adds_epi16(_mm512_packs_epi32(c, d), zero_point16);
    const __m512i bytes = _mm512_min_epi8(_mm512_max_epi8(_mm512_packs_epi16(ab, cd), low8), high8);
    // 128-bit lane L now holds 4 channels of a, b, c, d: dword 4L + k is chunk L of input k.
    const __m512i order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    return _mm512_permutexvar_epi32(order, bytes);
  }

  // Pack4 for vectors unpacked from two vectors of 32 int16 elements (x = elements 0-31, y =
  // 32-63): x_low = unpacklo_epi16 of x's halves, x_high = unpackhi_epi16, likewise y. The packs
  // undo the unpacks within each 128-bit block, leaving qword 2k = elements 8k..8k+7 and qword
  // 2k + 1 = elements 32 + 8k..; one qword permute puts them in order.
  ARENASTORE_X86_INLINE __m512i PackUnpacked(__m512i x_low, __m512i x_high, __m512i y_low,
                                             __m512i y_high) const {
    const __m512i x = _mm512_adds_epi16(_mm512_packs_epi32(x_low, x_high), zero_point16);
    const __m512i y = _mm512_adds_epi16(_mm512_packs_epi32(y_low, y_high), zero_point16);
    const __m512i bytes = _mm512_min_epi8(_mm512_max_epi8(_mm512_packs_epi16(x, y), low8), high8);
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), bytes);
  }
};

// Stores the low `bytes` (<= 64) bytes of v.
ARENASTORE_X86_INLINE void StoreBytes(int8_t* out, __m512i v, int32_t bytes) {
  if (bytes >= 64) {
    _mm512_storeu_si512(out, v);
  } else {
    _mm512_mask_storeu_epi8(out, ByteMask(bytes), v);
  }
}

// Stores 16-byte chunk k of v, its first `bytes` (<= 16) bytes.
template <int k>
ARENASTORE_X86_INLINE void StoreChunk(int8_t* out, __m512i v, int32_t bytes) {
  const __m128i chunk = _mm512_extracti32x4_epi32(v, k);
  if (bytes >= 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), chunk);
  } else {
    _mm_mask_storeu_epi8(out, static_cast<__mmask16>(LaneMask(bytes)), chunk);
  }
}

// 16 int8 values from p (lanes past `mask` zero), widened to int32.
ARENASTORE_X86_INLINE __m512i Widen16(const int8_t* p, __mmask16 mask) {
  return _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, p));
}

// One broadcast row of `n` outputs of an elementwise op, 64 per store: element(a, b) turns 16
// widened inputs into 16 int32 values to requantize (an input with step 0 repeats its first
// value); `r` scales them (its short form when kBounded, which the caller proved applies) and
// Pack4 adds the zero point and clamps, exact while the activation range lies inside int8.
template <bool kBounded, typename Element>
ARENASTORE_X86_INLINE void RequantizedRow(const Requantizer& r, const int8_t* a, int32_t step_a,
                                          const int8_t* b, int32_t step_b, int8_t* out, ptrdiff_t n,
                                          Element element) {
  const __m512i a_value = _mm512_set1_epi32(a[0]);
  const __m512i b_value = _mm512_set1_epi32(b[0]);
  for (ptrdiff_t i = 0; i < n; i += 64) {
    __m512i scaled[4];
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) {
      const ptrdiff_t at = i + 16 * k;
      const __mmask16 mask = LaneMask(static_cast<int32_t>(n - at < 16 ? n - at : 16));
      const __m512i av = step_a != 0 ? Widen16(a + at, mask) : a_value;
      const __m512i bv = step_b != 0 ? Widen16(b + at, mask) : b_value;
      const __m512i value = element(av, bv);
      scaled[k] = kBounded ? r.ScaleBounded(value, 0) : r.Scale(value, 0);
    }
    StoreBytes(out + i, r.Pack4(scaled[0], scaled[1], scaled[2], scaled[3]),
               static_cast<int32_t>(n - i < 64 ? n - i : 64));
  }
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx512vnni
