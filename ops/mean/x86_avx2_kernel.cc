// mean/x86_avx2's sums (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "ops/mean/x86.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

// Rows one int16 lane may sum: 256 * -128 = -32768 and 256 * 127 still fit.
constexpr int32_t kInt16Rows = 256;

__m256i Widen(__m128i int16s) { return _mm256_cvtepi16_epi32(int16s); }

}  // namespace

void SumColumns(const int8_t* in, int32_t rows, int32_t stride, int32_t width, int32_t* sums) {
  int32_t j = 0;
  for (; j + 32 <= width; j += 32) {
    __m256i total[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                        _mm256_setzero_si256()};
    const int8_t* column = in + j;
    for (int64_t r0 = 0; r0 < rows; r0 += kInt16Rows) {
      const int64_t r1 = rows - r0 < kInt16Rows ? rows : r0 + kInt16Rows;
      __m256i low = _mm256_setzero_si256(), high = _mm256_setzero_si256();  // channels 0-15, 16-31
      for (int64_t r = r0; r < r1; ++r) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(column + r * stride));
        low = _mm256_add_epi16(low, _mm256_cvtepi8_epi16(_mm256_castsi256_si128(v)));
        high = _mm256_add_epi16(high, _mm256_cvtepi8_epi16(_mm256_extracti128_si256(v, 1)));
      }
      total[0] = _mm256_add_epi32(total[0], Widen(_mm256_castsi256_si128(low)));
      total[1] = _mm256_add_epi32(total[1], Widen(_mm256_extracti128_si256(low, 1)));
      total[2] = _mm256_add_epi32(total[2], Widen(_mm256_castsi256_si128(high)));
      total[3] = _mm256_add_epi32(total[3], Widen(_mm256_extracti128_si256(high, 1)));
    }
    for (int k = 0; k < 4; ++k) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + j + 8 * k), total[k]);
    }
  }
  for (; j + 8 <= width; j += 8) {
    __m256i total = _mm256_setzero_si256();
    const int8_t* column = in + j;
    for (int32_t r = 0; r < rows; ++r) {
      const __m128i v =
          _mm_loadl_epi64(reinterpret_cast<const __m128i*>(column + int64_t{r} * stride));
      total = _mm256_add_epi32(total, _mm256_cvtepi8_epi32(v));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(sums + j), total);
  }
  for (; j < width; ++j) {
    uint32_t total = 0;  // wraps as ref's int32 adds
    for (int32_t r = 0; r < rows; ++r) total += static_cast<uint32_t>(in[int64_t{r} * stride + j]);
    sums[j] = static_cast<int32_t>(total);
  }
}

int32_t SumRun(const int8_t* in, int32_t n) {
  // Bytes biased to unsigned (x ^ 0x80 = x + 128) summed by vpsadbw into four 64-bit lanes.
  const __m256i bias = _mm256_set1_epi8(static_cast<char>(0x80));
  const __m256i zero = _mm256_setzero_si256();
  __m256i total = zero;
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
    total = _mm256_add_epi64(total, _mm256_sad_epu8(_mm256_xor_si256(v, bias), zero));
  }
  alignas(32) int64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), total);
  int64_t sum = lanes[0] + lanes[1] + lanes[2] + lanes[3] - int64_t{128} * i;
  for (; i < n; ++i) sum += in[i];
  // The exact sum modulo 2^32 is what ref's wrapping int32 adds leave.
  return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(sum)));
}

}  // namespace arenastore::kernels::x86_avx2::internal
