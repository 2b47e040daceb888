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

// Below this many elements a window's rounded sum n (|n| <= 128.5 * count) stays under 2^24 in
// magnitude, where the correctly rounded float quotient n / count truncates to the integer
// quotient: n and count are exact floats, and a quotient that is not an integer lies at least
// 1 / count below the next one, more than the rounding error of 2^-24 * |n / count|.
constexpr int32_t kFloatDivisionMaxCount = 65536;

struct Divide {
  __m512i half, low, high;
  __m512 count_f;
  __m512d count_d;
  __m256i half8, low8, high8;
  __m256 count_f8;
  bool by_one;  // a one-element window: the mean is the sum, no division
  bool exact_in_float;

  ARENASTORE_X86_INLINE explicit Divide(const Pool2dParams& p, int32_t count)
      : half(_mm512_set1_epi32(count / 2)),
        low(_mm512_set1_epi32(p.activation_min)),
        high(_mm512_set1_epi32(p.activation_max)),
        count_f(_mm512_set1_ps(static_cast<float>(count))),
        count_d(_mm512_set1_pd(count)),
        half8(_mm512_castsi512_si256(half)),
        low8(_mm512_castsi512_si256(low)),
        high8(_mm512_castsi512_si256(high)),
        count_f8(_mm512_castps512_ps256(count_f)),
        by_one(count == 1),
        exact_in_float(count <= kFloatDivisionMaxCount) {}

  // ref's RoundedMean: (sum + count / 2) / count for sum > 0, else (sum - count / 2) / count,
  // truncating; then the activation clamp in int32 and ref's int8 cast (the low byte).
  ARENASTORE_X86_INLINE __m128i Mean(__m512i sum) const {
    const __mmask16 positive = _mm512_cmpgt_epi32_mask(sum, _mm512_setzero_si512());
    const __m512i n = _mm512_mask_add_epi32(_mm512_sub_epi32(sum, half), positive, sum, half);
    __m512i q = n;
    if (!by_one && exact_in_float) {
      q = _mm512_cvttps_epi32(_mm512_div_ps(_mm512_cvtepi32_ps(n), count_f));
    } else if (!by_one) {
      const __m256i q_low = _mm512_cvttpd_epi32(
          _mm512_div_pd(_mm512_cvtepi32_pd(_mm512_castsi512_si256(n)), count_d));
      const __m256i q_high = _mm512_cvttpd_epi32(
          _mm512_div_pd(_mm512_cvtepi32_pd(_mm512_extracti64x4_epi64(n, 1)), count_d));
      q = _mm512_inserti64x4(_mm512_castsi256_si512(q_low), q_high, 1);
    }
    return _mm512_cvtepi32_epi8(_mm512_min_epi32(_mm512_max_epi32(q, low), high));
  }

  // Mean of 8 lanes in ymm registers: at most eight channels left (all-ops' pools have 8),
  // where the 512-bit forms cost twice as much on cores that split them.
  ARENASTORE_X86_INLINE __m128i Mean8(__m256i sum) const {
    const __mmask8 positive = _mm256_cmpgt_epi32_mask(sum, _mm256_setzero_si256());
    const __m256i n = _mm256_mask_add_epi32(_mm256_sub_epi32(sum, half8), positive, sum, half8);
    __m256i q = n;
    if (!by_one && exact_in_float) {
      q = _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(n), count_f8));
    } else if (!by_one) {
      q = _mm512_cvttpd_epi32(_mm512_div_pd(_mm512_cvtepi32_pd(n), count_d));
    }
    return _mm256_cvtepi32_epi8(_mm256_min_epi32(_mm256_max_epi32(q, low8), high8));
  }
};

// The window's sums of at most 8 channels from `offset` (lanes past `mask` zero), in a ymm.
ARENASTORE_X86_INLINE __m256i WindowSum8(const Pool2dParams& p, const int8_t* image,
                                         const Window& w, int32_t offset, __mmask16 mask) {
  const int32_t c = p.channels;
  __m256i even = _mm256_setzero_si256();
  __m256i odd = _mm256_setzero_si256();
  for (int32_t y = w.y_begin; y < w.y_end; ++y) {
    const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + offset;
    int32_t x = w.x_begin;
    for (; x + 1 < w.x_end; x += 2, pixel += 2 * c) {
      even = _mm256_add_epi32(even, _mm256_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel)));
      odd = _mm256_add_epi32(odd, _mm256_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel + c)));
    }
    if (x < w.x_end) {
      even = _mm256_add_epi32(even, _mm256_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel)));
    }
  }
  return _mm256_add_epi32(even, odd);
}

// The window's sums of 16 channels from `offset` (lanes past `mask` zero); two accumulators,
// alternate columns, so the adds do not form one chain.
ARENASTORE_X86_INLINE __m512i WindowSum(const Pool2dParams& p, const int8_t* image, const Window& w,
                                        int32_t offset, __mmask16 mask) {
  const int32_t c = p.channels;
  __m512i even = _mm512_setzero_si512();
  __m512i odd = _mm512_setzero_si512();
  for (int32_t y = w.y_begin; y < w.y_end; ++y) {
    const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * p.input_w + w.x_begin) * c + offset;
    int32_t x = w.x_begin;
    for (; x + 1 < w.x_end; x += 2, pixel += 2 * c) {
      even = _mm512_add_epi32(even, _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel)));
      odd = _mm512_add_epi32(odd, _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel + c)));
    }
    if (x < w.x_end) {
      even = _mm512_add_epi32(even, _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, pixel)));
    }
  }
  return _mm512_add_epi32(even, odd);
}

void PoolPixel(const Pool2dParams& p, const int8_t* image, const Window& w, int8_t* out) {
  const Divide divide(p, (w.y_end - w.y_begin) * (w.x_end - w.x_begin));
  const int32_t c = p.channels;
  for (int32_t offset = 0; offset < c; offset += 16) {
    const __mmask16 mask = LaneMask(c - offset);
    if (c - offset <= 8) {
      _mm_mask_storeu_epi8(out + offset, mask, divide.Mean8(WindowSum8(p, image, w, offset, mask)));
    } else {
      _mm_mask_storeu_epi8(out + offset, mask, divide.Mean(WindowSum(p, image, w, offset, mask)));
    }
  }
}

// dst[i] = the clamp of src[i], for a 1x1 window (its mean is its one element).
void ClampCopy(int8_t* dst, const int8_t* src, ptrdiff_t bytes, __m512i low, __m512i high) {
  for (; bytes > 0; bytes -= 64, dst += 64, src += 64) {
    const __mmask64 mask = ByteMask(bytes);
    const __m512i v = _mm512_maskz_loadu_epi8(mask, src);
    _mm512_mask_storeu_epi8(dst, mask, _mm512_min_epi8(_mm512_max_epi8(v, low), high));
  }
}

// A 1x1 filter: every window holds one input pixel (the checks refused empty ones), so the
// output is the clamped input at the window's position, a row at a time when the columns are
// consecutive.
void PoolOneByOne(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.channels;
  const ptrdiff_t out_elements =
      static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels;
  if (job.clamp.constant) {
    return FillBytes(reinterpret_cast<uint8_t*>(job.output), out_elements,
                     static_cast<uint8_t>(job.clamp.fill));
  }
  const __m512i low = _mm512_set1_epi8(job.clamp.low);
  const __m512i high = _mm512_set1_epi8(job.clamp.high);
  int8_t* out = job.output;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      const int32_t in_y = out_y * p.stride_h - p.pad_top;
      const int8_t* row = image + static_cast<ptrdiff_t>(in_y) * p.input_w * p.channels;
      if (p.stride_w == 1) {
        const ptrdiff_t bytes = static_cast<ptrdiff_t>(p.output_w) * p.channels;
        ClampCopy(out, row - static_cast<ptrdiff_t>(p.pad_left) * p.channels, bytes, low, high);
        out += bytes;
        continue;
      }
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        const int32_t in_x = out_x * p.stride_w - p.pad_left;
        ClampCopy(out, row + static_cast<ptrdiff_t>(in_x) * p.channels, p.channels, low, high);
      }
    }
  }
}

}  // namespace

void RunAveragePool2d(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  if (p.filter_h == 1 && p.filter_w == 1) return PoolOneByOne(job);
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
