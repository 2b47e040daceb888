// max_pool2d/x86_avx2's inner loops (see max_pool2d.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

ARENASTORE_X86_INLINE int32_t Max(int32_t a, int32_t b) { return a > b ? a : b; }
ARENASTORE_X86_INLINE int32_t Min(int32_t a, int32_t b) { return a < b ? a : b; }

struct Window {
  int32_t y_begin, y_end, x_begin, x_end;
};

// Channels [offset, offset + width) of the window's maximum, clamped: W bytes a vector (32 in
// a ymm, 16 or 8 in an xmm), loaded and stored with plain loads of that width.
template <int W>
ARENASTORE_X86_INLINE void PoolChunk(const Pool2dParams& p, const int8_t* image, const Window& w,
                                     int32_t offset, __m256i low, __m256i high, int8_t* out) {
  const int32_t c = p.channels;
  __m256i m = _mm256_set1_epi8(-128);
  for (int32_t y = w.y_begin; y < w.y_end; ++y) {
    const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + offset;
    for (int32_t x = w.x_begin; x < w.x_end; ++x, pixel += c) {
      __m256i v;
      if constexpr (W == 32) {
        v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(pixel));
      } else if constexpr (W == 16) {
        v = _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(pixel)));
      } else {
        v = _mm256_castsi128_si256(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(pixel)));
      }
      m = _mm256_max_epi8(m, v);
    }
  }
  m = _mm256_min_epi8(_mm256_max_epi8(m, low), high);
  if constexpr (W == 32) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + offset), m);
  } else if constexpr (W == 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + offset), _mm256_castsi256_si128(m));
  } else {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + offset), _mm256_castsi256_si128(m));
  }
}

// Fewer than 8 channels left: one at a time.
void PoolTail(const x86::Pool2dJob& job, const int8_t* image, const Window& w, int32_t offset,
              int8_t* out) {
  const Pool2dParams& p = *job.params;
  const int32_t c = p.channels;
  for (int32_t k = offset; k < c; ++k) {
    int32_t m = -128;
    for (int32_t y = w.y_begin; y < w.y_end; ++y) {
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + k;
      for (int32_t x = w.x_begin; x < w.x_end; ++x, pixel += c) m = Max(m, *pixel);
    }
    out[k] = static_cast<int8_t>(Min(Max(m, job.clamp.low), job.clamp.high));
  }
}

void PoolPixel(const x86::Pool2dJob& job, const int8_t* image, int32_t out_y, int32_t out_x,
               int8_t* out) {
  const Pool2dParams& p = *job.params;
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  const Window w{Max(origin_y, 0), Min(origin_y + p.filter_h, p.input_h), Max(origin_x, 0),
                 Min(origin_x + p.filter_w, p.input_w)};
  const __m256i low = _mm256_set1_epi8(job.clamp.low);
  const __m256i high = _mm256_set1_epi8(job.clamp.high);
  const int32_t c = p.channels;
  int32_t offset = 0;
  for (; offset + 32 <= c; offset += 32) PoolChunk<32>(p, image, w, offset, low, high, out);
  if (offset + 16 <= c) {
    PoolChunk<16>(p, image, w, offset, low, high, out);
    offset += 16;
  }
  if (offset + 8 <= c) {
    PoolChunk<8>(p, image, w, offset, low, high, out);
    offset += 8;
  }
  if (offset < c) PoolTail(job, image, w, offset, out);
}

}  // namespace

void RunMaxPool2d(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.channels;
  int8_t* out = job.output;
  if (job.clamp.constant) {
    const ptrdiff_t count =
        static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels;
    for (ptrdiff_t i = 0; i < count; ++i) out[i] = job.clamp.fill;
    return;
  }
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        PoolPixel(job, image, out_y, out_x, out);
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx2::internal
