// average_pool2d/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/partial_bytes.h"
#include "kernels/x86_avx2/simd.h"
#include "kernels/x86_common/pool_separable.h"
#include "ops/average_pool2d/x86.h"

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

// Small windows (at most kSeparableMaxCount elements) are summed in two passes per output row,
// as in x86_avx512vnni: the window rows' sums of every input column in int16 lanes (vertical),
// then the sums of filter_w neighbouring columns (horizontal). Any sum of int8 values over at
// most 256 elements lies in [-32768, 32512], so int16 holds every partial sum.
constexpr int32_t kSeparableMaxCount = 256;
// Stack buffers, in int16 lanes: two of the columns one chunk of output pixels reads (one
// output row's sums are computed while the previous row's are read) and the chunk's column
// counts, each with a vector of slack.
constexpr int32_t kColumnLanes = 512;
constexpr int32_t kChunkLanes = 256;
constexpr int32_t kSlackLanes = 16;

// The first n < 16 bytes at src, zero above; no byte past src + n is read.
ARENASTORE_X86_INLINE __m128i LoadPartial(const int8_t* src, int32_t n) {
  if (n == 8) return _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src));
  alignas(16) int8_t staged[16] = {};
  CopySmall(staged, src, n);
  return _mm_load_si128(reinterpret_cast<const __m128i*>(staged));
}

// dst[0, n) = the first n <= 16 bytes of v.
ARENASTORE_X86_INLINE void StorePartial(int8_t* dst, __m128i v, int32_t n) {
  if (n == 16) return _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), v);
  if (n == 8) return _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), v);
  alignas(16) int8_t staged[16];
  _mm_store_si128(reinterpret_cast<__m128i*>(staged), v);
  CopySmall(dst, staged, n);
}

// The mean and its rounding, for window counts d <= 256, exactly as x86_avx512vnni's
// SeparableMean (the proof is there): one count for all lanes, |q| = trunc(fl(|sum| * fl(1/d) +
// fl((d | 1) / 2d))); a count per lane, |q| = trunc((2a + 1) / 2d) with a = |sum| + d / 2.
struct SeparableMean {
  __m256 reciprocal;  // fl(1/d), one count for all lanes
  __m256 offset;      // fl((d | 1) / 2d)
  __m128i low, high;

  // 8 lanes of |sum| (zero-extended from uint16) -> |q| in int32 lanes.
  ARENASTORE_X86_INLINE __m256i Quotient8(__m256i a, const int16_t* counts, int32_t rows) const {
    __m256 x;
    if (counts == nullptr) {
      x = _mm256_fmadd_ps(_mm256_cvtepi32_ps(a), reciprocal, offset);
    } else {
      const __m256i d = _mm256_mullo_epi32(
          _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(counts))),
          _mm256_set1_epi32(rows));
      const __m256i twice_a_plus_one =
          _mm256_add_epi32(_mm256_slli_epi32(a, 1), _mm256_or_si256(d, _mm256_set1_epi32(1)));
      x = _mm256_div_ps(_mm256_cvtepi32_ps(twice_a_plus_one),
                        _mm256_cvtepi32_ps(_mm256_slli_epi32(d, 1)));
    }
    return _mm256_cvttps_epi32(x);
  }

  // 16 int16 window sums -> 16 clamped int8 means. |q| <= 128 packs (unsigned) to 0x80, whose
  // negation is -128.
  ARENASTORE_X86_INLINE __m128i Mean16(__m256i sums, const int16_t* counts, int32_t rows) const {
    const __m256i magnitude = _mm256_abs_epi16(sums);
    const __m256i q_lo =
        Quotient8(_mm256_cvtepu16_epi32(_mm256_castsi256_si128(magnitude)), counts, rows);
    const __m256i q_hi = Quotient8(_mm256_cvtepu16_epi32(_mm256_extracti128_si256(magnitude, 1)),
                                   counts == nullptr ? nullptr : counts + 8, rows);
    // packs_epi32 interleaves the 128-bit halves: lo[0..3] hi[0..3] | lo[4..7] hi[4..7].
    const __m256i words = _mm256_permute4x64_epi64(_mm256_packs_epi32(q_lo, q_hi), 0xd8);
    const __m128i bytes =
        _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
    const __m256i negative_words = _mm256_cmpgt_epi16(_mm256_setzero_si256(), sums);
    const __m128i negative = _mm_packs_epi16(_mm256_castsi256_si128(negative_words),
                                             _mm256_extracti128_si256(negative_words, 1));
    const __m128i signed_bytes = _mm_sub_epi8(_mm_xor_si128(bytes, negative), negative);
    return _mm_min_epi8(_mm_max_epi8(signed_bytes, low), high);
  }
};

// True when the separable path covers these params: no window above kSeparableMaxCount
// elements, and one output pixel's columns of every channel fit the stack buffers.
bool SeparableFits(const Pool2dParams& p) {
  return int64_t{p.filter_h} * p.filter_w <= kSeparableMaxCount &&
         int64_t{p.filter_w} * p.channels <= kColumnLanes && p.channels <= kChunkLanes;
}

// Output columns [ox0, ox0 + nx) of every output row, all channels.
void PoolSeparableChunk(const x86::Pool2dJob& job, int32_t ox0, int32_t nx) {
  const Pool2dParams& p = *job.params;
  const int32_t c = p.channels;
  const int32_t s = p.stride_w;
  const int32_t fw = p.filter_w;
  // Padded input columns [px_begin, px_end) feed the chunk; [in_begin, in_end) of them exist.
  // Plain names, not a structured binding: the lambdas below capture them (clang before 16
  // cannot capture a binding).
  const x86::PoolChunkColumns chunk = x86::PoolChunkColumnsOf(p, ox0, nx);
  const int32_t px_begin = chunk.padded_begin, px_end = chunk.padded_end;
  const int32_t in_begin = chunk.image_begin, in_end = chunk.image_end;
  alignas(32) int16_t columns[2][kColumnLanes + kSlackLanes];
  alignas(32) int16_t counts[kChunkLanes + kSlackLanes];
  const int32_t column_lanes = (px_end - px_begin) * c;
  for (int32_t i = 0; i < column_lanes + kSlackLanes; i += 16) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(columns[0] + i), _mm256_setzero_si256());
    _mm256_store_si256(reinterpret_cast<__m256i*>(columns[1] + i), _mm256_setzero_si256());
  }
  const int32_t out_lanes = nx * c;
  // Windows of the chunk clipped by the left or right padding count fewer columns: then every
  // lane gets its pixel's column count (the lanes past the chunk 1, never stored).
  const bool uniform = px_begin >= 0 && px_end <= p.input_w;
  if (!uniform) {
    for (int32_t i = 0; i < out_lanes + kSlackLanes; ++i) counts[i] = 1;
    for (int32_t k = 0; k < nx; ++k) {
      const int32_t origin = (ox0 + k) * s - p.pad_left;
      const int32_t cols = Min(origin + fw, p.input_w) - Max(origin, 0);
      for (int32_t j = 0; j < c; ++j) counts[k * c + j] = static_cast<int16_t>(cols);
    }
  }
  const int32_t run_offset = (in_begin - px_begin) * c;
  const int32_t run_lanes = (in_end - in_begin) * c;
  const ptrdiff_t row_stride = static_cast<ptrdiff_t>(p.input_w) * c;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * row_stride;
  // Vertical: the sums over output row oy's window rows of the existing columns, 16 lanes at a
  // time, the last vector overlapping its predecessor when 16 does not divide the run; a run
  // under 16 lanes goes through staging buffers (no byte outside the run is read or written).
  auto column_sums = [&](int32_t b, int32_t oy, int16_t* columns_out, const int16_t*) {
    const int32_t origin_y = oy * p.stride_h - p.pad_top;
    const int32_t y_begin = Max(origin_y, 0);
    const int32_t rows = Min(origin_y + p.filter_h, p.input_h) - y_begin;
    const int8_t* run = job.input + b * image_elements + y_begin * row_stride + in_begin * c;
    int16_t* dst = columns_out + run_offset;
    int32_t i = 0;
    for (; i < run_lanes && run_lanes >= 16; i += 16) {
      if (i + 16 > run_lanes) i = run_lanes - 16;  // overlaps, with the same sums
      const int8_t* src = run + i;
      __m256i acc = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
      for (int32_t y = 1; y < rows; ++y) {
        src += row_stride;
        acc = _mm256_add_epi16(
            acc, _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src))));
      }
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), acc);
    }
    if (run_lanes > 0 && run_lanes < 16) {
      const int32_t n = run_lanes;
      const int8_t* src = run;
      __m256i acc = _mm256_cvtepi8_epi16(LoadPartial(src, n));
      for (int32_t y = 1; y < rows; ++y) {
        src += row_stride;
        acc = _mm256_add_epi16(acc, _mm256_cvtepi8_epi16(LoadPartial(src, n)));
      }
      alignas(32) int16_t staged[16];
      _mm256_store_si256(reinterpret_cast<__m256i*>(staged), acc);
      CopySmall(dst, staged, n * static_cast<int32_t>(sizeof(int16_t)));
    }
  };
  SeparableMean mean;
  mean.reciprocal = _mm256_setzero_ps();
  mean.offset = _mm256_setzero_ps();
  mean.low = _mm_set1_epi8(job.clamp.low);
  mean.high = _mm_set1_epi8(job.clamp.high);
  int32_t uniform_rows = -1;
  x86::ForEachPoolRow(p, columns, column_sums, [&](int32_t n, int32_t oy, const int16_t* col) {
    const int32_t origin_y = oy * p.stride_h - p.pad_top;
    const int32_t rows = Min(origin_y + p.filter_h, p.input_h) - Max(origin_y, 0);
    const int16_t* lane_counts = uniform ? nullptr : counts;
    if (uniform && rows != uniform_rows) {
      const int32_t d = rows * fw;
      mean.reciprocal = _mm256_set1_ps(1.0f / static_cast<float>(d));
      mean.offset = _mm256_set1_ps(static_cast<float>(d | 1) / static_cast<float>(2 * d));
      uniform_rows = rows;
    }
    int8_t* out = job.output + (static_cast<ptrdiff_t>(n) * p.output_w + ox0) * c;
    auto window_mean = [&](const int16_t* window, int32_t lane) {
      __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(window));
      for (int32_t t = 1; t < fw; ++t) {
        h = _mm256_add_epi16(h,
                             _mm256_loadu_si256(reinterpret_cast<const __m256i*>(window + t * c)));
      }
      return mean.Mean16(h, lane_counts == nullptr ? nullptr : lane_counts + lane, rows);
    };
    if (s == 1) {
      // Horizontal, stride 1: output lane i (pixel k, channel j) sums columns i + t * c.
      if (out_lanes < 16) return StorePartial(out, window_mean(col, 0), out_lanes);
      for (int32_t i = 0; i < out_lanes; i += 16) {
        if (i + 16 > out_lanes) i = out_lanes - 16;  // overlaps, with the same means
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), window_mean(col + i, i));
      }
      return;
    }
    // Horizontal, stride s: output pixel k sums columns (k * s + t) * c + j.
    for (int32_t k = 0; k < nx; ++k) {
      for (int32_t i = 0; i < c; i += 16) {
        StorePartial(out + k * c + i, window_mean(col + k * s * c + i, k * c + i), Min(16, c - i));
      }
    }
  });
}

void PoolSeparable(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  if (job.clamp.constant) {
    const ptrdiff_t count =
        static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels;
    for (ptrdiff_t i = 0; i < count; ++i) job.output[i] = job.clamp.fill;
    return;
  }
  x86::ForEachPoolChunk(p, kColumnLanes, kChunkLanes,
                        [&](int32_t ox0, int32_t nx) { PoolSeparableChunk(job, ox0, nx); });
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
  if (SeparableFits(p)) return PoolSeparable(job);
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
