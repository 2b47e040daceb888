// average_pool2d/x86_avx2's inner loops (see average_pool2d.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"

namespace arenastore::kernels::x86_avx2::internal {
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

ARENASTORE_X86_INLINE __m256i Widen8(const int8_t* p) {
  return _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}

// The low byte of each of v's 8 lanes, in order, in the low 8 bytes.
ARENASTORE_X86_INLINE __m128i LowBytes(__m256i v) {
  const __m256i words = _mm256_packus_epi32(_mm256_and_si256(v, _mm256_set1_epi32(0xff)), v);
  const __m256i bytes = _mm256_packus_epi16(words, words);
  return _mm256_castsi256_si128(
      _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 0, 0, 0, 0, 0, 0)));
}

// Below this many elements a window's rounded sum n (|n| <= 128.5 * count) stays under 2^24 in
// magnitude, where the correctly rounded float quotient n / count truncates to the integer
// quotient: n and count are exact floats, and a quotient that is not an integer lies at least
// 1 / count below the next one, more than the rounding error of 2^-24 * |n / count|.
constexpr int32_t kFloatDivisionMaxCount = 65536;

struct Divide {
  __m256i half, low, high;
  __m256 count_f;
  __m256d count_d;
  bool by_one;  // a one-element window: the mean is the sum, no division
  bool exact_in_float;

  // ref's RoundedMean: (sum + count / 2) / count for sum > 0, else (sum - count / 2) / count,
  // truncating; then the activation clamp in int32.
  ARENASTORE_X86_INLINE __m256i Mean(__m256i sum) const {
    const __m256i positive = _mm256_cmpgt_epi32(sum, _mm256_setzero_si256());
    const __m256i n =
        _mm256_blendv_epi8(_mm256_sub_epi32(sum, half), _mm256_add_epi32(sum, half), positive);
    if (by_one) return _mm256_min_epi32(_mm256_max_epi32(n, low), high);
    if (exact_in_float) {
      const __m256i q = _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(n), count_f));
      return _mm256_min_epi32(_mm256_max_epi32(q, low), high);
    }
    const __m128i q_low =
        _mm256_cvttpd_epi32(_mm256_div_pd(_mm256_cvtepi32_pd(_mm256_castsi256_si128(n)), count_d));
    const __m128i q_high = _mm256_cvttpd_epi32(
        _mm256_div_pd(_mm256_cvtepi32_pd(_mm256_extracti128_si256(n, 1)), count_d));
    const __m256i q = _mm256_inserti128_si256(_mm256_castsi128_si256(q_low), q_high, 1);
    return _mm256_min_epi32(_mm256_max_epi32(q, low), high);
  }
};

// Sums 8 channels from `offset` over the window (pixel stride `channels`).
ARENASTORE_X86_INLINE __m256i WindowSum(const int8_t* image, const Window& w, int32_t input_w,
                                        int32_t channels, int32_t offset) {
  __m256i sum = _mm256_setzero_si256();
  for (int32_t y = w.y_begin; y < w.y_end; ++y) {
    const int8_t* pixel =
        image + (static_cast<ptrdiff_t>(y) * input_w + w.x_begin) * channels + offset;
    for (int32_t x = w.x_begin; x < w.x_end; ++x, pixel += channels) {
      sum = _mm256_add_epi32(sum, Widen8(pixel));
    }
  }
  return sum;
}

// Fewer than 8 channels: each pixel through a staging buffer, never reading past the input.
__m256i NarrowWindowSum(const int8_t* image, const Window& w, int32_t input_w, int32_t channels) {
  __m256i sum = _mm256_setzero_si256();
  for (int32_t y = w.y_begin; y < w.y_end; ++y) {
    for (int32_t x = w.x_begin; x < w.x_end; ++x) {
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(y) * input_w + x) * channels;
      alignas(8) int8_t staged[8] = {};
      for (int32_t c = 0; c < channels; ++c) staged[c] = pixel[c];
      sum = _mm256_add_epi32(sum, Widen8(staged));
    }
  }
  return sum;
}

void PoolPixel(const Pool2dParams& p, const int8_t* image, const Window& w, int8_t* out) {
  const int32_t count = (w.y_end - w.y_begin) * (w.x_end - w.x_begin);
  const Divide divide{_mm256_set1_epi32(count / 2),
                      _mm256_set1_epi32(p.activation_min),
                      _mm256_set1_epi32(p.activation_max),
                      _mm256_set1_ps(static_cast<float>(count)),
                      _mm256_set1_pd(count),
                      count == 1,
                      count <= kFloatDivisionMaxCount};
  const int32_t c = p.channels;
  if (c < 8) {
    alignas(16) int8_t staged[16];
    _mm_store_si128(reinterpret_cast<__m128i*>(staged),
                    LowBytes(divide.Mean(NarrowWindowSum(image, w, p.input_w, c))));
    for (int32_t k = 0; k < c; ++k) out[k] = staged[k];
    return;
  }
  // Whole vectors, the last one overlapping its predecessor when 8 does not divide c (the
  // channels both cover get the same value twice).
  for (int32_t offset = 0; offset < c; offset += 8) {
    const int32_t at = offset + 8 <= c ? offset : c - 8;
    const __m256i mean = divide.Mean(WindowSum(image, w, p.input_w, c, at));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out + at), LowBytes(mean));
  }
}

// dst[i] = the clamp of src[i], for a 1x1 window (its mean is its one element): 32 bytes a
// vector, the rest one at a time.
void ClampCopy(int8_t* dst, const int8_t* src, ptrdiff_t bytes, const x86::Int8Clamp& clamp) {
  const __m256i low = _mm256_set1_epi8(clamp.low);
  const __m256i high = _mm256_set1_epi8(clamp.high);
  for (; bytes >= 32; bytes -= 32, dst += 32, src += 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst),
                        _mm256_min_epi8(_mm256_max_epi8(v, low), high));
  }
  for (; bytes > 0; --bytes) *dst++ = static_cast<int8_t>(Min(Max(*src++, clamp.low), clamp.high));
}

// A 1x1 filter: every window holds one input pixel (the checks refused empty ones), so the
// output is the clamped input at the window's position, a row at a time when the columns are
// consecutive.
void PoolOneByOne(const x86::Pool2dJob& job) {
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
      const int32_t in_y = out_y * p.stride_h - p.pad_top;
      const int8_t* row = image + static_cast<ptrdiff_t>(in_y) * p.input_w * p.channels;
      if (p.stride_w == 1) {
        const ptrdiff_t bytes = static_cast<ptrdiff_t>(p.output_w) * p.channels;
        ClampCopy(out, row - static_cast<ptrdiff_t>(p.pad_left) * p.channels, bytes, job.clamp);
        out += bytes;
        continue;
      }
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x, out += p.channels) {
        const int32_t in_x = out_x * p.stride_w - p.pad_left;
        ClampCopy(out, row + static_cast<ptrdiff_t>(in_x) * p.channels, p.channels, job.clamp);
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

}  // namespace arenastore::kernels::x86_avx2::internal
