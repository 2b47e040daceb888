// resize_bilinear/x86_avx512vnni's loop (see x86.h): per output pixel, 16 channels at a time
// (the last few under a mask), the four neighbours widened to int32, weighted, summed, rounded
// half away from zero (on magnitudes, the sign put back) and truncated to their low byte as
// ref's cast does; compiled with the AVX-512 flags.
#include <immintrin.h>

#include "ops/resize_bilinear/bilinear_taps.h"
#include "ops/resize_bilinear/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

__m512i Widened(const int8_t* p, __mmask16 lanes) {
  return _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(lanes, p));
}

// One output pixel's channels, called by bilinear::ForEachOutputPixel.
struct BlendPixel {
  int32_t channels;

  void operator()(const bilinear::Taps& t, const int8_t* image, int8_t* out) const {
    const __m512i w0 = _mm512_set1_epi32(t.weight[0]), w1 = _mm512_set1_epi32(t.weight[1]);
    const __m512i w2 = _mm512_set1_epi32(t.weight[2]), w3 = _mm512_set1_epi32(t.weight[3]);
    const __m512i half = _mm512_set1_epi32(1 << 19);
    for (int32_t c = 0; c < channels; c += 16) {
      const int32_t left = channels - c;
      const __mmask16 lanes =
          left >= 16 ? static_cast<__mmask16>(0xffff) : static_cast<__mmask16>((1u << left) - 1);
      __m512i sum = _mm512_mullo_epi32(Widened(image + t.offset[0] + c, lanes), w0);
      sum = _mm512_add_epi32(sum, _mm512_mullo_epi32(Widened(image + t.offset[1] + c, lanes), w1));
      sum = _mm512_add_epi32(sum, _mm512_mullo_epi32(Widened(image + t.offset[2] + c, lanes), w2));
      sum = _mm512_add_epi32(sum, _mm512_mullo_epi32(Widened(image + t.offset[3] + c, lanes), w3));
      const __m512i magnitude =
          _mm512_srli_epi32(_mm512_add_epi32(_mm512_abs_epi32(sum), half), 20);
      const __mmask16 negative = _mm512_cmplt_epi32_mask(sum, _mm512_setzero_si512());
      const __m512i value =
          _mm512_mask_sub_epi32(magnitude, negative, _mm512_setzero_si512(), magnitude);
      _mm512_mask_cvtepi32_storeu_epi8(out + c, lanes, value);  // the low byte, as a cast
    }
  }
};

}  // namespace

void RunResizeBilinear(const ResizeBilinearParams& params, const int8_t* input, int8_t* output) {
  bilinear::ForEachOutputPixel(params, input, output, BlendPixel{params.channels});
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
