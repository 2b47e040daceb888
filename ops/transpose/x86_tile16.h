// A 16x16 byte-tile transpose in 128-bit registers, the tile both transpose x86 variants use
// (x86_avx2_kernel.cc, x86_avx512vnni_kernel.cc, through x86_loops.h). A template over a tag type
// of each ISA (its ByteRuns), so each file gets its own copy compiled with its ISA's flags and the
// linker cannot merge the two. Freestanding, header-only, never allocates.
#pragma once

#include <immintrin.h>

#include <cstdint>

namespace arenastore::kernels::x86 {

// Four rounds of byte interleaving of register k with register k + 8 rotate each element's
// (row, column) bits by one place each; after four the tile is transposed.
template <typename FileTag>
void TransposeTile16(const int8_t* src, int64_t src_stride, int8_t* dst, int64_t dst_stride) {
  __m128i x[16], y[16];
#pragma GCC unroll 16
  for (int k = 0; k < 16; ++k) {
    x[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k * src_stride));
  }
#pragma GCC unroll 4
  for (int round = 0; round < 4; ++round) {
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k) {
      y[2 * k] = _mm_unpacklo_epi8(x[k], x[k + 8]);
      y[2 * k + 1] = _mm_unpackhi_epi8(x[k], x[k + 8]);
    }
#pragma GCC unroll 16
    for (int k = 0; k < 16; ++k) x[k] = y[k];
  }
#pragma GCC unroll 16
  for (int k = 0; k < 16; ++k) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + k * dst_stride), x[k]);
  }
}

}  // namespace arenastore::kernels::x86
