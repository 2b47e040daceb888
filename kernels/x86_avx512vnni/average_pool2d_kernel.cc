// average_pool2d/x86_avx512vnni's inner loops (see average_pool2d.h); compiled with the
// AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// The input rows and columns output (out_y, out_x)'s window covers, as ref's PoolWindowAt
// (restated here: this file must not instantiate inline functions shared with other files).
struct Window {
  int32_t y_begin, y_end, x_begin, x_end;
};

ARENASTORE_X86_INLINE int32_t Max(int32_t a, int32_t b) { return a > b ? a : b; }
ARENASTORE_X86_INLINE int32_t Min(int32_t a, int32_t b) { return a < b ? a : b; }

Window WindowAt(const Pool2dParams& p, int32_t out_y, int32_t out_x) {
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  Window w;
  w.y_begin = Max(origin_y, 0);
  w.y_end = Max(w.y_begin, Min(origin_y + p.filter_h, p.input_h));
  w.x_begin = Max(origin_x, 0);
  w.x_end = Max(w.x_begin, Min(origin_x + p.filter_w, p.input_w));
  return w;
}

struct Divide {
  __m512i half, low, high;
  __m512d count;
  bool by_one;  // a one-element window: the mean is the sum, no division (the 1x1 pools)

  // ref's RoundedMean: (sum + count / 2) / count for sum > 0, else (sum - count / 2) / count,
  // truncating; then the activation clamp in int32 and ref's int8 cast (the low byte).
  // `upper`: whether lanes 8-15 are real; eight or fewer channels skip their division.
  ARENASTORE_X86_INLINE __m128i Mean(__m512i sum, bool upper) const {
    const __mmask16 positive = _mm512_cmpgt_epi32_mask(sum, _mm512_setzero_si512());
    const __m512i n = _mm512_mask_add_epi32(_mm512_sub_epi32(sum, half), positive, sum, half);
    if (by_one) return _mm512_cvtepi32_epi8(_mm512_min_epi32(_mm512_max_epi32(n, low), high));
    const __m256i q_low =
        _mm512_cvttpd_epi32(_mm512_div_pd(_mm512_cvtepi32_pd(_mm512_castsi512_si256(n)), count));
    const __m256i q_high = upper ? _mm512_cvttpd_epi32(_mm512_div_pd(
                                       _mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(n, 1)), count))
                                 : _mm256_setzero_si256();
    const __m512i q = _mm512_inserti64x4(_mm512_castsi256_si512(q_low), q_high, 1);
    return _mm512_cvtepi32_epi8(_mm512_min_epi32(_mm512_max_epi32(q, low), high));
  }
};

void PoolPixel(const Pool2dParams& p, const int8_t* image, const Window& w, int8_t* out) {
  const int32_t count = (w.y_end - w.y_begin) * (w.x_end - w.x_begin);
  const Divide divide{_mm512_set1_epi32(count / 2), _mm512_set1_epi32(p.activation_min),
                      _mm512_set1_epi32(p.activation_max), _mm512_set1_pd(count), count == 1};
  const int32_t c = p.channels;
  for (int32_t offset = 0; offset < c; offset += 16) {
    const __mmask16 mask = LaneMask(c - offset);
    __m512i sum = _mm512_setzero_si512();
    for (int32_t y = w.y_begin; y < w.y_end; ++y) {
      const int8_t* pixel =
          image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + offset;
      for (int32_t x = w.x_begin; x < w.x_end; ++x, pixel += c) {
        sum = _mm512_add_epi32(sum, _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel)));
      }
    }
    _mm_mask_storeu_epi8(out + offset, mask, divide.Mean(sum, c - offset > 8));
  }
}

}  // namespace

void RunAveragePool2d(const AveragePool2dJob& job) {
  const Pool2dParams& p = *job.params;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.channels;
  int8_t* out = job.output;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        PoolPixel(p, image, WindowAt(p, out_y, out_x), out);
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
