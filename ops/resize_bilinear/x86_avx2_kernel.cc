// resize_bilinear/x86_avx2's loop (see x86.h): per output pixel, 8 channels at a time, the four
// neighbours widened to int32, weighted, summed, rounded half away from zero (on magnitudes,
// the sign put back) and narrowed to their low byte as ref's cast does; compiled with the AVX2
// flags.
#include <immintrin.h>

#include "ops/resize_bilinear/bilinear_taps.h"
#include "ops/resize_bilinear/x86.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

__m256i Widened(const int8_t* p) {
  return _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}

// One output pixel's channels, called by bilinear::ForEachOutputPixel.
struct BlendPixel {
  int32_t channels;

  void operator()(const bilinear::Taps& t, const int8_t* image, int8_t* out) const {
    const __m256i w0 = _mm256_set1_epi32(t.weight[0]), w1 = _mm256_set1_epi32(t.weight[1]);
    const __m256i w2 = _mm256_set1_epi32(t.weight[2]), w3 = _mm256_set1_epi32(t.weight[3]);
    const __m256i half = _mm256_set1_epi32(1 << 19), low_byte = _mm256_set1_epi32(0xff);
    int32_t c = 0;
    for (; c + 8 <= channels; c += 8) {
      __m256i sum = _mm256_mullo_epi32(Widened(image + t.offset[0] + c), w0);
      sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(Widened(image + t.offset[1] + c), w1));
      sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(Widened(image + t.offset[2] + c), w2));
      sum = _mm256_add_epi32(sum, _mm256_mullo_epi32(Widened(image + t.offset[3] + c), w3));
      const __m256i magnitude =
          _mm256_srli_epi32(_mm256_add_epi32(_mm256_abs_epi32(sum), half), 20);
      const __m256i value = _mm256_and_si256(_mm256_sign_epi32(magnitude, sum), low_byte);
      // Each lane holds 0..255: the unsigned packs keep it, leaving the low bytes in order.
      const __m256i words = _mm256_packus_epi32(value, value);  // per 128-bit half
      const __m256i bytes = _mm256_packus_epi16(words, words);
      const uint32_t first = static_cast<uint32_t>(_mm256_extract_epi32(bytes, 0));
      const uint32_t second = static_cast<uint32_t>(_mm256_extract_epi32(bytes, 4));
      __builtin_memcpy(out + c, &first, 4);
      __builtin_memcpy(out + c + 4, &second, 4);
    }
    for (; c < channels; ++c) out[c] = bilinear::Blend(t, image, c);
  }
};

}  // namespace

void RunResizeBilinear(const ResizeBilinearParams& params, const int8_t* input, int8_t* output) {
  bilinear::ForEachOutputPixel(params, input, output, BlendPixel{params.channels});
}

}  // namespace arenastore::kernels::x86_avx2::internal
