// AVX2 building blocks shared by the x86_avx2 kernel files: unaligned scalar loads, the padded
// int16 row copy (x - zero point, 0 in the padding) that VPMADDWD consumes, partial stores,
// and TensorFlow Lite's requantization on 8 int32 lanes, bit-exact with kernels/fixed_point.h.
// Include only from files compiled with the AVX2 flags. Everything has internal linkage
// (unnamed namespace) on purpose: an inline function with external linkage compiled here could
// be picked by the linker for a caller that runs on a CPU without AVX2. Never allocates.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_common/int32_lanes.h"
#include "kernels/x86_common/requant_table.h"

namespace arenastore::kernels::x86_avx2 {
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

// All-ones in the first `lanes` int32 lanes.
ARENASTORE_X86_INLINE __m256i LaneMask(int32_t lanes) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(lanes), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

ARENASTORE_X86_INLINE void FillInt16(int16_t* dst, ptrdiff_t count, int16_t value) {
  const __m256i v = _mm256_set1_epi16(value);
  for (; count >= 16; count -= 16, dst += 16) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), v);
  }
  for (; count > 0; --count) *dst++ = value;
}

// dst[i] = src[i] - zero_point as int16.
ARENASTORE_X86_INLINE void CopyCentered(int16_t* dst, const int8_t* src, ptrdiff_t count,
                                        int32_t zero_point) {
  const __m256i zp = _mm256_set1_epi16(static_cast<int16_t>(zero_point));
  for (; count >= 16; count -= 16, dst += 16, src += 16) {
    const __m256i wide =
        _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_sub_epi16(wide, zp));
  }
  for (; count > 0; --count) *dst++ = static_cast<int16_t>(*src++ - zero_point);
}

// One padded row of `padded_w` pixels of `channels` int16: input row `in_y` of `image`
// (shifted right by `pad_left` columns) minus the zero point, 0 wherever the row or the column
// lies outside the image (a padded tap then contributes nothing, as ref's zero-point taps).
ARENASTORE_X86_INLINE void FillPaddedRow(int16_t* dst, const int8_t* image, int32_t in_y,
                                         int32_t input_h, int32_t input_w, int32_t channels,
                                         int32_t pad_left, int32_t padded_w, int32_t zero_point) {
  const ptrdiff_t c = channels;
  if (in_y < 0 || in_y >= input_h) {
    FillInt16(dst, padded_w * c, 0);
    return;
  }
  int32_t x_begin = pad_left > 0 ? pad_left : 0;
  if (x_begin > padded_w) x_begin = padded_w;
  int32_t x_end = pad_left + input_w;
  if (x_end > padded_w) x_end = padded_w;
  if (x_end < x_begin) x_end = x_begin;
  FillInt16(dst, x_begin * c, 0);
  const int8_t* src = image + (static_cast<ptrdiff_t>(in_y) * input_w + (x_begin - pad_left)) * c;
  CopyCentered(dst + x_begin * c, src, (x_end - x_begin) * c, zero_point);
  FillInt16(dst + x_end * c, (padded_w - x_end) * c, 0);
}

// SaturatingRoundingDoublingHighMul on 8 lanes: floor((x * m + 2^30) / 2^31), which equals
// TensorFlow Lite's nudge-then-truncate for every (x, m) but INT32_MIN twice (see the AVX-512
// variant's simd.h for the argument); bits 31..62 of the 64-bit sums, even and odd lanes.
ARENASTORE_X86_INLINE __m256i DoublingHighMul(__m256i x, __m256i m) {
  const __m256i round = _mm256_set1_epi64x(int64_t{1} << 30);
  const __m256i even = _mm256_add_epi64(_mm256_mul_epi32(x, m), round);
  const __m256i odd =
      _mm256_add_epi64(_mm256_mul_epi32(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(m, 32)), round);
  return _mm256_blend_epi32(_mm256_srli_epi64(even, 31), _mm256_slli_epi64(odd, 1), 0xaa);
}

ARENASTORE_X86_INLINE __m256i SaturateMinTimesMin(__m256i high, __m256i x, __m256i m) {
  const __m256i min = _mm256_set1_epi32(INT32_MIN);
  const __m256i both = _mm256_and_si256(_mm256_cmpeq_epi32(x, min), _mm256_cmpeq_epi32(m, min));
  return _mm256_blendv_epi8(high, _mm256_set1_epi32(INT32_MAX), both);
}

// RoundingDivideByPOT(x, e): (x >> e) + (remainder > half + (x < 0)).
ARENASTORE_X86_INLINE __m256i RoundingShiftRight(__m256i x, __m256i shift, __m256i mask,
                                                 __m256i half) {
  const __m256i remainder = _mm256_and_si256(x, mask);
  const __m256i threshold = _mm256_sub_epi32(half, _mm256_srai_epi32(x, 31));
  const __m256i shifted = _mm256_srav_epi32(x, shift);
  return _mm256_sub_epi32(shifted, _mm256_cmpgt_epi32(remainder, threshold));
}

// Int32Lanes: 8 int32 lanes for the templates both ISAs' kernel files share.
ARENASTORE_X86_INT32_LANES(__m256i, _mm256, x86_avx2)

ARENASTORE_X86_INLINE __m256i Load8(const int32_t* p) {
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

// A RequantTable's constants from channel `first` on, with the scalar fields broadcast once, so
// a register tile's stores (int8, which may alias anything) force no reloads. Build it as a
// local. Channels come in blocks of 8 (one ymm of int32).
struct Requantizer {
  const int32_t* multiplier;
  const int32_t* left_shift;
  const int32_t* right_shift;
  const int32_t* round_mask;
  const int32_t* round_half;
  __m256i zero_point16, low8, high8;
  bool any_left_shift, has_min_multiplier;

  ARENASTORE_X86_INLINE Requantizer(const x86::RequantTable& t, int32_t first)
      : multiplier(t.multiplier + first),
        left_shift(t.left_shift + first),
        right_shift(t.right_shift + first),
        round_mask(t.round_mask + first),
        round_half(t.round_half + first),
        zero_point16(_mm256_set1_epi16(static_cast<int16_t>(t.output_zero_point))),
        low8(_mm256_set1_epi8(static_cast<char>(t.activation_min))),
        high8(_mm256_set1_epi8(static_cast<char>(t.activation_max))),
        any_left_shift(t.any_left_shift),
        has_min_multiplier(t.has_min_multiplier) {}

  // MultiplyByQuantizedMultiplier of channels [8 * block, 8 * block + 8).
  ARENASTORE_X86_INLINE __m256i Scale(__m256i acc, int block) const {
    const int c = 8 * block;
    const __m256i m = Load8(multiplier + c);
    if (any_left_shift) acc = _mm256_sllv_epi32(acc, Load8(left_shift + c));
    __m256i product = DoublingHighMul(acc, m);
    if (has_min_multiplier) product = SaturateMinTimesMin(product, acc, m);
    return RoundingShiftRight(product, Load8(right_shift + c), Load8(round_mask + c),
                              Load8(round_half + c));
  }

  // Two scaled vectors to 16 int8 (a's 8 channels first), zero point added and clamped after
  // saturating packs (exact: the activation range lies inside int8, |zero point| <= 128).
  ARENASTORE_X86_INLINE __m128i Pack2(__m256i a, __m256i b) const {
    const __m256i ab = _mm256_adds_epi16(_mm256_packs_epi32(a, b), zero_point16);
    const __m256i bytes = _mm256_min_epi8(_mm256_max_epi8(_mm256_packs_epi16(ab, ab), low8), high8);
    // Dword 0 holds a's channels 0-3, 1 b's 0-3, 4 a's 4-7, 5 b's 4-7.
    return _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0)));
  }
};

// Stores the first `bytes` (<= 16) bytes of v.
ARENASTORE_X86_INLINE void StoreBytes(int8_t* out, __m128i v, int32_t bytes) {
  if (bytes >= 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out), v);
    return;
  }
  alignas(16) int8_t staged[16];
  _mm_store_si128(reinterpret_cast<__m128i*>(staged), v);
  for (int32_t i = 0; i < bytes; ++i) out[i] = staged[i];
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx2
