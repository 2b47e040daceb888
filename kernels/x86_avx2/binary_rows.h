// The row loop the x86_avx2 elementwise kernels with two int8 operands share (add and sub,
// mul): 16 outputs at a time as two 8-lane int32 halves, an operand with step 0 repeated, the
// tail through a staging buffer that never reads past the inputs; `Math::Of8` computes 8 lanes.
// Include only from files compiled with the AVX2 flags (see simd.h). Never allocates.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_avx2/simd.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

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
void BinaryRow(const Math& math, const int8_t* a, int32_t step_a, const int8_t* b, int32_t step_b,
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

}  // namespace
}  // namespace arenastore::kernels::x86_avx2
