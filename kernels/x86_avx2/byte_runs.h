// ByteRuns: copy and fill of byte runs with 256-bit loads and stores; a run's last partial
// vector is written as two overlapping narrower moves (16, 8 or 4 bytes) inside the run, the
// last three bytes or fewer one at a time, so no byte outside the run is read or written. The
// policy of x86_common/data_movement_loops.h for x86_avx2. Include only from files compiled with
// the AVX2 flags; internal linkage like simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

namespace arenastore::kernels::x86_avx2 {
namespace {

struct ByteRuns {
  template <int N>
  static inline __attribute__((always_inline)) void Move(int8_t* dst, const int8_t* src) {
    char staged[N];
    __builtin_memcpy(staged, src, N);
    __builtin_memcpy(dst, staged, N);
  }

  static inline __attribute__((always_inline)) void Copy(int8_t* dst, const int8_t* src,
                                                         ptrdiff_t bytes) {
    for (; bytes >= 32; bytes -= 32, dst += 32, src += 32) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst),
                          _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src)));
    }
    if (bytes >= 16) {
      Move<16>(dst, src);
      Move<16>(dst + bytes - 16, src + bytes - 16);
    } else if (bytes >= 8) {
      Move<8>(dst, src);
      Move<8>(dst + bytes - 8, src + bytes - 8);
    } else if (bytes >= 4) {
      Move<4>(dst, src);
      Move<4>(dst + bytes - 4, src + bytes - 4);
    } else {
      for (ptrdiff_t i = 0; i < bytes; ++i) dst[i] = src[i];
    }
  }

  static inline __attribute__((always_inline)) void Fill(int8_t* dst, ptrdiff_t bytes,
                                                         int8_t value) {
    const __m256i v = _mm256_set1_epi8(value);
    for (; bytes >= 32; bytes -= 32, dst += 32) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), v);
    }
    alignas(32) int8_t pattern[32];
    _mm256_store_si256(reinterpret_cast<__m256i*>(pattern), v);
    if (bytes >= 16) {
      Move<16>(dst, pattern);
      Move<16>(dst + bytes - 16, pattern);
    } else if (bytes >= 8) {
      Move<8>(dst, pattern);
      Move<8>(dst + bytes - 8, pattern);
    } else if (bytes >= 4) {
      Move<4>(dst, pattern);
      Move<4>(dst + bytes - 4, pattern);
    } else {
      for (ptrdiff_t i = 0; i < bytes; ++i) dst[i] = value;
    }
  }
};

}  // namespace
}  // namespace arenastore::kernels::x86_avx2
