// mean/x86_avx512vnni's sums (see x86.h); compiled with the AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/simd.h"
#include "ops/mean/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// Rows one int16 lane may sum: 256 * -128 = -32768 and 256 * 127 still fit.
constexpr int32_t kInt16Rows = 256;

__m512i Widen(__m256i int16s) { return _mm512_cvtepi16_epi32(int16s); }

}  // namespace

void SumColumns(const int8_t* in, int32_t rows, int32_t stride, int32_t width, int32_t* sums) {
  for (int32_t j = 0; j < width; j += 64) {
    const __mmask64 mask = ByteMask(width - j);  // masked-off bytes load as 0
    __m512i total[4] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                        _mm512_setzero_si512()};
    const int8_t* column = in + j;
    for (int64_t r0 = 0; r0 < rows; r0 += kInt16Rows) {
      const int64_t r1 = rows - r0 < kInt16Rows ? rows : r0 + kInt16Rows;
      __m512i low = _mm512_setzero_si512(), high = _mm512_setzero_si512();  // channels 0-31, 32-63
      for (int64_t r = r0; r < r1; ++r) {
        const __m512i v = _mm512_maskz_loadu_epi8(mask, column + r * stride);
        low = _mm512_add_epi16(low, _mm512_cvtepi8_epi16(_mm512_castsi512_si256(v)));
        high = _mm512_add_epi16(high, _mm512_cvtepi8_epi16(_mm512_extracti64x4_epi64(v, 1)));
      }
      total[0] = _mm512_add_epi32(total[0], Widen(_mm512_castsi512_si256(low)));
      total[1] = _mm512_add_epi32(total[1], Widen(_mm512_extracti64x4_epi64(low, 1)));
      total[2] = _mm512_add_epi32(total[2], Widen(_mm512_castsi512_si256(high)));
      total[3] = _mm512_add_epi32(total[3], Widen(_mm512_extracti64x4_epi64(high, 1)));
    }
    for (int32_t k = 0; k < 4; ++k) {
      _mm512_mask_storeu_epi32(sums + j + 16 * k, LaneMask(width - j - 16 * k), total[k]);
    }
  }
}

int32_t SumRun(const int8_t* in, int32_t n) {
  // Bytes biased to unsigned (x ^ 0x80 = x + 128) summed by vpsadbw into eight 64-bit lanes;
  // the tail's masked-off bytes are zeroed after the bias, so they add nothing.
  const __m512i bias = _mm512_set1_epi8(static_cast<char>(0x80));
  const __m512i zero = _mm512_setzero_si512();
  __m512i total = zero;
  for (int64_t i = 0; i < n; i += 64) {
    const __mmask64 mask = ByteMask(n - i);
    const __m512i v = _mm512_xor_si512(_mm512_maskz_loadu_epi8(mask, in + i), bias);
    total = _mm512_add_epi64(total, _mm512_sad_epu8(_mm512_maskz_mov_epi8(mask, v), zero));
  }
  const int64_t sum = _mm512_reduce_add_epi64(total) - int64_t{128} * n;
  // The exact sum modulo 2^32 is what ref's wrapping int32 adds leave.
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(sum)));
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
