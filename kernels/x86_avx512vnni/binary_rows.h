// The row loop the x86_avx512vnni elementwise kernels with two int8 operands share (add and
// sub, mul): 16 lanes at a time under a lane mask (the tail too), an operand with step 0
// repeated; `Math::Of16` computes 16 lanes into 16 bytes. Include only from files compiled with
// the AVX-512 flags (see simd.h). Never allocates.
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>

#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

// One row of `n` outputs; an input with step 0 repeats its first value.
template <class Math>
void BinaryRow(const Math& math, const int8_t* a, int32_t step_a, const int8_t* b, int32_t step_b,
               int8_t* out, ptrdiff_t n) {
  const __m512i a_value = _mm512_set1_epi32(a[0]);
  const __m512i b_value = _mm512_set1_epi32(b[0]);
  for (ptrdiff_t i = 0; i < n; i += 16) {
    const __mmask16 mask = LaneMask(static_cast<int32_t>(n - i < 16 ? n - i : 16));
    const __m512i av = step_a != 0 ? Widen16(a + i, mask) : a_value;
    const __m512i bv = step_b != 0 ? Widen16(b + i, mask) : b_value;
    _mm_mask_storeu_epi8(out + i, mask, math.Of16(av, bv));
  }
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx512vnni
