// max_pool2d/x86_avx512vnni's inner loops (see max_pool2d.h); compiled with the AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

ARENASTORE_X86_INLINE int32_t Max(int32_t a, int32_t b) { return a > b ? a : b; }
ARENASTORE_X86_INLINE int32_t Min(int32_t a, int32_t b) { return a < b ? a : b; }

// Output pixel (out_y, out_x): the maximum over the in-bounds part of its window (-128 when
// there is none, as ref), clamped, 64 channels per vector.
void PoolPixel(const x86::Pool2dJob& job, const int8_t* image, int32_t out_y, int32_t out_x,
               int8_t* out) {
  const Pool2dParams& p = *job.params;
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  const int32_t y_begin = Max(origin_y, 0);
  const int32_t y_end = Min(origin_y + p.filter_h, p.input_h);
  const int32_t x_begin = Max(origin_x, 0);
  const int32_t x_end = Min(origin_x + p.filter_w, p.input_w);
  const int32_t c = p.channels;
  const __m512i low = _mm512_set1_epi8(job.clamp.low);
  const __m512i high = _mm512_set1_epi8(job.clamp.high);
  for (int32_t offset = 0; offset < c; offset += 64) {
    const __mmask64 mask = ByteMask(c - offset);
    __m512i m = _mm512_set1_epi8(-128);
    for (int32_t y = y_begin; y < y_end; ++y) {
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + x_begin) * c + offset;
      for (int32_t x = x_begin; x < x_end; ++x, pixel += c) {
        m = _mm512_max_epi8(m, _mm512_maskz_loadu_epi8(mask, pixel));
      }
    }
    _mm512_mask_storeu_epi8(out + offset, mask, _mm512_min_epi8(_mm512_max_epi8(m, low), high));
  }
}

}  // namespace

void RunMaxPool2d(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.channels;
  const ptrdiff_t out_elements =
      static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels;
  if (job.clamp.constant)
    return FillBytes(reinterpret_cast<uint8_t*>(job.output), out_elements,
                     static_cast<uint8_t>(job.clamp.fill));
  int8_t* out = job.output;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        PoolPixel(job, image, out_y, out_x, out);
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
