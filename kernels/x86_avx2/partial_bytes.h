// Short byte moves for the x86_avx2 kernel files, which have no masked byte loads or stores: a
// run of at most 32 bytes as two moves that overlap unless its length is a power of two, so no
// byte outside the run is read or written (the pools' row tails go through small staging
// buffers with it). Include only from files compiled with the AVX2 flags; internal linkage like
// simd.h. Never allocates.
#pragma once

#include <cstdint>

namespace arenastore::kernels::x86_avx2 {
namespace {

// dst[0, n) = src[0, n) for 0 <= n <= 32.
inline __attribute__((always_inline)) void CopySmall(void* dst, const void* src, int32_t n) {
  auto* d = static_cast<char*>(dst);
  const auto* s = static_cast<const char*>(src);
  if (n >= 16) {
    __builtin_memcpy(d, s, 16);
    __builtin_memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8) {
    __builtin_memcpy(d, s, 8);
    __builtin_memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    __builtin_memcpy(d, s, 4);
    __builtin_memcpy(d + n - 4, s + n - 4, 4);
  } else {
    for (int32_t k = 0; k < n; ++k) d[k] = s[k];
  }
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx2
