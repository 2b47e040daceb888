// average_pool2d/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "kernels/x86_common/pool_separable.h"
#include "ops/average_pool2d/x86.h"

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

// Small windows (at most kSeparableMaxCount elements) are summed in two passes per output row:
// the window rows' sums of every input column in int16 lanes (vertical), then the sums of
// filter_w neighbouring columns (horizontal). Any sum of int8 values over at most 256 elements
// lies in [-32768, 32512], so int16 holds every partial sum.
constexpr int32_t kSeparableMaxCount = 256;
// Stack buffers, in int16 lanes: two of the columns one chunk of output pixels reads (one
// output row's row sums are computed while the previous row's are read, so no read waits for a
// store still in flight), and the chunk's column counts; each with a vector of slack.
constexpr int32_t kColumnLanes = 512;
constexpr int32_t kChunkLanes = 256;
constexpr int32_t kSlackLanes = 32;
// The stride-2 path reads up to two pixels and two vectors past a chunk's last column.
constexpr int32_t kPairSlackLanes = 96;

// The mean and its rounding, for window counts d <= 256. ref computes q = trunc(n / d) with
// n = sum + floor(d/2) for sum > 0 and sum - floor(d/2) otherwise, so |q| = floor(a / d) with
// a = |sum| + floor(d/2), and q takes sum's sign. X = (2a + 1) / 2d = |sum| / d + (d | 1) / 2d
// (as 2 floor(d/2) + 1 = d | 1) lies in [k + 1/2d, k + 1 - 1/2d] for k = floor(a / d), and
// X <= 129. With one count for all lanes, x = fl(|sum| * fl(1/d) + fl((d | 1) / 2d)) (one fma)
// is within 128 * 2^-24 (the reciprocal) + 2^-24 (the constant) + 129 * 2^-24 (the fma) <
// 1.6e-5 of X, less than 1/2d >= 1/512 (|sum| <= 32768 is exact in float): x truncates to k.
// With a count per lane (windows clipped by the padding), (2a + 1) (an integer below 2^17,
// exact) is divided by 2d: one rounding, the same margin.
struct SeparableMean {
  __m512 reciprocal;  // fl(1/d), one count for all lanes
  __m512 offset;      // fl((d | 1) / 2d)
  __m256i low, high;

  // 16 lanes of |sum| (uint16, 32768 for -32768) -> |q| in bytes.
  ARENASTORE_X86_INLINE __m128i Quotient16(__m256i magnitude, const int16_t* counts,
                                           int32_t rows) const {
    const __m512i a = _mm512_cvtepu16_epi32(magnitude);
    __m512 x;
    if (counts == nullptr) {
      x = _mm512_fmadd_ps(_mm512_cvtepi32_ps(a), reciprocal, offset);
    } else {
      const __m512i d = _mm512_mullo_epi32(
          _mm512_cvtepi16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(counts))),
          _mm512_set1_epi32(rows));
      const __m512i twice_a_plus_one =
          _mm512_add_epi32(_mm512_slli_epi32(a, 1), _mm512_or_si512(d, _mm512_set1_epi32(1)));
      x = _mm512_div_ps(_mm512_cvtepi32_ps(twice_a_plus_one),
                        _mm512_cvtepi32_ps(_mm512_slli_epi32(d, 1)));
    }
    return _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(x));
  }

  // 32 int16 window sums -> 32 clamped int8 means. |q| <= 128 fits a byte as 0x80, whose
  // negation is -128.
  ARENASTORE_X86_INLINE __m256i Mean32(__m512i sums, const int16_t* counts, int32_t rows) const {
    const __m512i magnitude = _mm512_abs_epi16(sums);
    const __mmask32 negative = _mm512_cmplt_epi16_mask(sums, _mm512_setzero_si512());
    const __m128i lo = Quotient16(_mm512_castsi512_si256(magnitude), counts, rows);
    const __m128i hi = Quotient16(_mm512_extracti64x4_epi64(magnitude, 1),
                                  counts == nullptr ? nullptr : counts + 16, rows);
    __m256i bytes = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
    bytes = _mm256_mask_sub_epi8(bytes, negative, _mm256_setzero_si256(), bytes);
    return _mm256_min_epi8(_mm256_max_epi8(bytes, low), high);
  }

  // 16 int16 window sums -> 16 clamped int8 means (a pixel's last 16 channels or fewer).
  ARENASTORE_X86_INLINE __m128i Mean16(__m256i sums, const int16_t* counts, int32_t rows) const {
    const __mmask16 negative = _mm256_cmplt_epi16_mask(sums, _mm256_setzero_si256());
    __m128i bytes = Quotient16(_mm256_abs_epi16(sums), counts, rows);
    bytes = _mm_mask_sub_epi8(bytes, negative, _mm_setzero_si128(), bytes);
    return _mm_min_epi8(_mm_max_epi8(bytes, _mm256_castsi256_si128(low)),
                        _mm256_castsi256_si128(high));
  }
};

ARENASTORE_X86_INLINE __mmask32 Mask32(int32_t lanes) {
  return lanes >= 32 ? ~__mmask32{0} : (__mmask32{1} << (lanes <= 0 ? 0 : lanes)) - 1;
}

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
  alignas(64) int16_t columns[2][kColumnLanes + kPairSlackLanes];
  alignas(64) int16_t counts[kChunkLanes + kSlackLanes];
  const int32_t column_lanes = (px_end - px_begin) * c;
  // Stride 2 with 4, 8 or 16 channels: output qword q (of 8 in a vector of 32 lanes) is pixel
  // q / (c/4)'s qword q % (c/4), which the stride-1 sums hold at qword (q / (c/4)) * (c/2) +
  // q % (c/4).
  const bool pairs = s == 2 && (c == 4 || c == 8 || c == 16);
  const __m512i gather = c == 4   ? _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14)
                         : c == 8 ? _mm512_setr_epi64(0, 1, 4, 5, 8, 9, 12, 13)
                                  : _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
  for (int32_t i = 0; i < column_lanes + (pairs ? kPairSlackLanes : kSlackLanes); i += 32) {
    _mm512_store_si512(columns[0] + i, _mm512_setzero_si512());
    _mm512_store_si512(columns[1] + i, _mm512_setzero_si512());
  }
  const int32_t out_lanes = nx * c;
  // Windows of the chunk clipped by the left or right padding count fewer columns: then every
  // lane gets its pixel's column count (the lanes past the chunk 1, never stored).
  const bool uniform = px_begin >= 0 && px_end <= p.input_w;
  if (!uniform) {
    for (int32_t i = 0; i < out_lanes + kSlackLanes; i += 32) {
      _mm512_store_si512(counts + i, _mm512_set1_epi16(1));
    }
    for (int32_t k = 0; k < nx; ++k) {
      const int32_t origin = (ox0 + k) * s - p.pad_left;
      const int32_t cols = Min(origin + fw, p.input_w) - Max(origin, 0);
      const __m512i v = _mm512_set1_epi16(static_cast<int16_t>(cols));
      for (int32_t i = 0; i < c; i += 32) {
        _mm512_mask_storeu_epi16(counts + k * c + i, Mask32(c - i), v);
      }
    }
  }
  const int32_t run_offset = (in_begin - px_begin) * c;
  const int32_t run_lanes = (in_end - in_begin) * c;
  const ptrdiff_t row_stride = static_cast<ptrdiff_t>(p.input_w) * c;
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * row_stride;
  // Vertical: columns[] = the sums over output row oy's window rows of the existing columns.
  // With stride_h 1, a window whose rows and its predecessor's lie wholly inside the image is
  // the predecessor's sums (`previous`, the other buffer) plus its last row minus the row it
  // left behind: two input rows read instead of filter_h. The buffers hold whole 32-lane
  // vectors at the same offsets, so the sums are bit-identical either way (exact int16 sums).
  auto column_sums = [&](int32_t b, int32_t oy, int16_t* columns_out, const int16_t* previous) {
    const int32_t origin_y = oy * p.stride_h - p.pad_top;
    const int32_t y_begin = Max(origin_y, 0);
    const int32_t rows = Min(origin_y + p.filter_h, p.input_h) - y_begin;
    const int8_t* run = job.input + b * image_elements + y_begin * row_stride + in_begin * c;
    int16_t* dst = columns_out + run_offset;
    const bool slides = previous != nullptr && p.stride_h == 1 && oy > 0 && origin_y > 0 &&
                        origin_y + p.filter_h <= p.input_h;
    if (slides) {
      const int16_t* before = previous + run_offset;
      const int8_t* entering = run + (p.filter_h - 1) * row_stride;
      const int8_t* leaving = run - row_stride;
      for (int32_t i = 0; i < run_lanes; i += 32) {
        const __mmask32 mask = Mask32(run_lanes - i);
        const __m512i in = _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, entering + i));
        const __m512i out = _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, leaving + i));
        const __m512i sums = _mm512_maskz_loadu_epi16(mask, before + i);
        _mm512_mask_storeu_epi16(dst + i, mask, _mm512_sub_epi16(_mm512_add_epi16(sums, in), out));
      }
      return;
    }
    for (int32_t i = 0; i < run_lanes; i += 32) {
      const __mmask32 mask = Mask32(run_lanes - i);
      const int8_t* src = run + i;
      __m512i acc = _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, src));
      for (int32_t y = 1; y < rows; ++y) {
        src += row_stride;
        acc = _mm512_add_epi16(acc, _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, src)));
      }
      _mm512_mask_storeu_epi16(dst + i, mask, acc);
    }
  };
  SeparableMean mean;
  mean.reciprocal = _mm512_setzero_ps();
  mean.offset = _mm512_setzero_ps();
  mean.low = _mm256_set1_epi8(job.clamp.low);
  mean.high = _mm256_set1_epi8(job.clamp.high);
  int32_t uniform_rows = -1;
  x86::ForEachPoolRow(p, columns, column_sums, [&](int32_t n, int32_t oy, const int16_t* col) {
    const int32_t origin_y = oy * p.stride_h - p.pad_top;
    const int32_t rows = Min(origin_y + p.filter_h, p.input_h) - Max(origin_y, 0);
    const int16_t* lane_counts = uniform ? nullptr : counts;
    if (uniform && rows != uniform_rows) {
      const int32_t d = rows * fw;
      mean.reciprocal = _mm512_set1_ps(1.0f / static_cast<float>(d));
      mean.offset = _mm512_set1_ps(static_cast<float>(d | 1) / static_cast<float>(2 * d));
      uniform_rows = rows;
    }
    int8_t* out = job.output + (static_cast<ptrdiff_t>(n) * p.output_w + ox0) * c;
    if (s == 1) {
      // Horizontal, stride 1: output lane i (pixel k, channel j) sums columns i + t * c.
      for (int32_t i = 0; i < out_lanes; i += 32) {
        __m512i h = _mm512_loadu_si512(col + i);
        for (int32_t t = 1; t < fw; ++t) {
          h = _mm512_add_epi16(h, _mm512_loadu_si512(col + t * c + i));
        }
        const __m256i bytes =
            mean.Mean32(h, lane_counts == nullptr ? nullptr : lane_counts + i, rows);
        _mm256_mask_storeu_epi8(out + i, Mask32(out_lanes - i), bytes);
      }
      return;
    }
    if (pairs) {
      // The stride-1 sums of 64 column lanes hold 32 / c output pixels at every other pixel;
      // one two-source qword permute gathers them.
      for (int32_t i = 0; i < out_lanes; i += 32) {
        const int16_t* base = col + 2 * i;
        __m512i h0 = _mm512_loadu_si512(base);
        __m512i h1 = _mm512_loadu_si512(base + 32);
        for (int32_t t = 1; t < fw; ++t) {
          h0 = _mm512_add_epi16(h0, _mm512_loadu_si512(base + t * c));
          h1 = _mm512_add_epi16(h1, _mm512_loadu_si512(base + 32 + t * c));
        }
        const __m256i bytes = mean.Mean32(_mm512_permutex2var_epi64(h0, gather, h1),
                                          lane_counts == nullptr ? nullptr : lane_counts + i, rows);
        _mm256_mask_storeu_epi8(out + i, Mask32(out_lanes - i), bytes);
      }
      return;
    }
    // Horizontal, stride s: output pixel k sums columns (k * s + t) * c + j.
    for (int32_t k = 0; k < nx; ++k) {
      const int16_t* window = col + k * s * c;
      int32_t i = 0;
      for (; i + 16 < c; i += 32) {
        __m512i h = _mm512_loadu_si512(window + i);
        for (int32_t t = 1; t < fw; ++t) {
          h = _mm512_add_epi16(h, _mm512_loadu_si512(window + t * c + i));
        }
        const __m256i bytes =
            mean.Mean32(h, lane_counts == nullptr ? nullptr : lane_counts + k * c + i, rows);
        _mm256_mask_storeu_epi8(out + k * c + i, Mask32(c - i), bytes);
      }
      if (i < c) {  // at most 16 channels left: half the vector work
        const __m256i* first = reinterpret_cast<const __m256i*>(window + i);
        __m256i h = _mm256_loadu_si256(first);
        for (int32_t t = 1; t < fw; ++t) {
          h = _mm256_add_epi16(
              h, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(window + t * c + i)));
        }
        const __m128i bytes =
            mean.Mean16(h, lane_counts == nullptr ? nullptr : lane_counts + k * c + i, rows);
        _mm_mask_storeu_epi8(out + k * c + i, static_cast<__mmask16>(Mask32(c - i)), bytes);
      }
    }
  });
}

void PoolSeparable(const x86::Pool2dJob& job) {
  const Pool2dParams& p = *job.params;
  if (job.clamp.constant) {
    return FillBytes(reinterpret_cast<uint8_t*>(job.output),
                     static_cast<ptrdiff_t>(p.batches) * p.output_h * p.output_w * p.channels,
                     static_cast<uint8_t>(job.clamp.fill));
  }
  x86::ForEachPoolChunk(p, kColumnLanes, kChunkLanes,
                        [&](int32_t ox0, int32_t nx) { PoolSeparableChunk(job, ox0, nx); });
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

}  // namespace arenastore::kernels::x86_avx512vnni::internal
