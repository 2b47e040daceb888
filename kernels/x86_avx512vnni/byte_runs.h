// ByteRuns: copy and fill of byte runs with 512-bit loads and stores, the last partial vector
// under a byte mask (no byte outside the run is read or written); the policy of
// x86_common/data_movement_loops.h for x86_avx512vnni. Include only from files compiled with the
// AVX-512 flags; internal linkage like simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels::x86_avx512vnni {
namespace {

struct ByteRuns {
  static inline __attribute__((always_inline)) __mmask64 Mask(ptrdiff_t bytes) {
    return bytes >= 64 ? ~__mmask64{0} : (__mmask64{1} << bytes) - 1;
  }

  static inline __attribute__((always_inline)) void Copy(int8_t* dst, const int8_t* src,
                                                         ptrdiff_t bytes) {
    for (; bytes >= 64; bytes -= 64, dst += 64, src += 64) {
      _mm512_storeu_si512(dst, _mm512_loadu_si512(src));
    }
    if (bytes > 0) {
      const __mmask64 mask = Mask(bytes);
      _mm512_mask_storeu_epi8(dst, mask, _mm512_maskz_loadu_epi8(mask, src));
    }
  }

  static inline __attribute__((always_inline)) void Fill(int8_t* dst, ptrdiff_t bytes,
                                                         int8_t value) {
    const __m512i v = _mm512_set1_epi8(value);
    for (; bytes >= 64; bytes -= 64, dst += 64) _mm512_storeu_si512(dst, v);
    if (bytes > 0) _mm512_mask_storeu_epi8(dst, Mask(bytes), v);
  }
};

}  // namespace
}  // namespace arenastore::kernels::x86_avx512vnni
