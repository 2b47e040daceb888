// depthwise_conv2d/x86_avx512vnni's inner loops (see depthwise_conv2d.h); compiled with the
// AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

// acc += a * b per lane, where a holds a value in int16 range and b's high half is zero: the
// high-half product of VPDPWSSD is then 0. Asm with the accumulator tied (see DotAccumulate).
ARENASTORE_X86_INLINE void MultiplyAccumulate(__m512i& acc, __m512i a, __m512i b) {
  __asm__("vpdpwssd %2, %1, %0" : "+v"(acc) : "v"(a), "v"(b));
}

// Lane l of a run serves channel l % C: the lanes of vector k of the period hold channels
// (16k + l) % C. For C < 16 (a divisor of 16, flat runs) every vector repeats one pattern.
ARENASTORE_X86_INLINE __m512i PatternIndex(int32_t channels) {
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm512_and_si512(lane, _mm512_set1_epi32(channels - 1));
}

// Weights of one period of lanes per tap, as int32 whose high 16 bits are zero (so VPDPWSSD's
// high-half product is 0); and the accumulators' starting values (the bias).
void ExpandWeights(const DepthwiseConv2dJob& job) {
  const DepthwiseConv2dParams& p = *job.params;
  const x86::DepthwiseWindow& w = job.layout.window;
  const int32_t c = p.output_c;
  auto* expanded = reinterpret_cast<int32_t*>(job.scratch + job.layout.weights_offset);
  const __m512i low16 = _mm512_set1_epi32(0xffff);
  const bool pattern = w.flat && c < 16;  // then C divides 16
  for (int32_t v = 0; v < w.period / 16; ++v) {
    // Channels of vector v: [first, first + 16), or the pattern.
    const int32_t first = pattern ? 0 : (16 * v) % c;
    const __mmask16 real = LaneMask(pattern ? c : c - first);
    for (int32_t t = 0; t < w.taps; ++t) {
      __m512i weights =
          _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(real, job.filter + t * c + first));
      if (pattern) weights = _mm512_permutexvar_epi32(PatternIndex(c), weights);
      _mm512_storeu_si512(expanded + t * w.period + 16 * v, _mm512_and_si512(weights, low16));
    }
    __m512i bias = job.bias != nullptr ? _mm512_maskz_loadu_epi32(real, job.bias + first)
                                       : _mm512_setzero_si512();
    if (pattern) bias = _mm512_permutexvar_epi32(PatternIndex(c), bias);
    _mm512_storeu_si512(job.table.acc_init + 16 * v, bias);
  }
}

// dst[0, count) = src - zero point, as int32.
void CopyCentered(int32_t* dst, const int8_t* src, ptrdiff_t count, int32_t zero_point) {
  const __m512i zp = _mm512_set1_epi32(zero_point);
  for (; count > 0; count -= 16, dst += 16, src += 16) {
    const __mmask16 mask = LaneMask(count < 16 ? static_cast<int32_t>(count) : 16);
    const __m512i wide = _mm512_cvtepi8_epi32(_mm_maskz_loadu_epi8(mask, src));
    _mm512_mask_storeu_epi32(dst, mask, _mm512_sub_epi32(wide, zp));
  }
}

void FillZero(int32_t* dst, ptrdiff_t count) {
  FillBytes(reinterpret_cast<uint8_t*>(dst), count * 4, 0);
}

// Padded row `in_y` (input row, possibly outside the image): x - zero point per output
// channel, 0 outside the image.
void FillRow(const DepthwiseConv2dParams& p, int32_t padded_w, const int8_t* image, int32_t in_y,
             int32_t* dst) {
  const ptrdiff_t oc = p.output_c;
  if (in_y < 0 || in_y >= p.input_h) return FillZero(dst, padded_w * oc);
  // Padded column x shows input column x - pad_left.
  int32_t x_begin = p.pad_left > 0 ? p.pad_left : 0;
  if (x_begin > padded_w) x_begin = padded_w;
  int32_t x_end = p.pad_left + p.input_w;
  if (x_end > padded_w) x_end = padded_w;
  if (x_end < x_begin) x_end = x_begin;
  FillZero(dst, x_begin * oc);
  FillZero(dst + x_end * oc, (padded_w - x_end) * oc);
  const int8_t* src =
      image + (static_cast<ptrdiff_t>(in_y) * p.input_w + (x_begin - p.pad_left)) * p.input_c;
  if (p.depth_multiplier == 1)
    return CopyCentered(dst + x_begin * oc, src, (x_end - x_begin) * oc, p.input_zero_point);
  int32_t* out = dst + x_begin * oc;
  for (int32_t x = x_begin; x < x_end; ++x, src += p.input_c) {
    for (int32_t ic = 0; ic < p.input_c; ++ic) {
      for (int32_t m = 0; m < p.depth_multiplier; ++m) *out++ = src[ic] - p.input_zero_point;
    }
  }
}

struct RunArgs {
  const int32_t* input;    // the run's first lane in tap 0's row, before the tap offsets
  const int64_t* offsets;  // lanes from `input` to each tap
  int32_t taps;
  const int32_t* weights;   // [tap][period]
  const int32_t* acc_init;  // [period]
  int32_t period;
  int8_t* out;     // the run's output
  int32_t length;  // lanes in the run
};

// K vectors (16 lanes each) of a flat run from lane q on (q a multiple of the period), whose
// weights, bias and requantization repeat every D vectors: D weight loads per tap serve K
// multiply-adds. Vectors past the run's end compute on slack and are not stored.
template <int K, int D>
__attribute__((noinline)) void RunFlatVectors(const RunArgs& a, const Requantizer& shared,
                                              int32_t q) {
  const Requantizer r = shared;
  __m512i acc[K];
#pragma GCC unroll 16
  for (int k = 0; k < K; ++k) acc[k] = _mm512_loadu_si512(a.acc_init + 16 * (k % D));
  const int32_t* in = a.input + q;
  const int32_t* w = a.weights;
  for (int32_t t = 0; t < a.taps; ++t, w += a.period) {
    const int32_t* tap = in + a.offsets[t];
    __m512i weights[D];
#pragma GCC unroll 8
    for (int d = 0; d < D; ++d) weights[d] = _mm512_loadu_si512(w + 16 * d);
#pragma GCC unroll 16
    for (int k = 0; k < K; ++k) {
      MultiplyAccumulate(acc[k], _mm512_loadu_si512(tap + 16 * k), weights[k % D]);
    }
  }
#pragma GCC unroll 4
  for (int k = 0; k < K; k += 4) {
    const int32_t left = a.length - q - 16 * k;
    if (left <= 0) break;
    const __m512i packed =
        r.Pack4(r.Scale(acc[k], k % D), r.Scale(acc[k + 1], (k + 1) % D),
                r.Scale(acc[k + 2], (k + 2) % D), r.Scale(acc[k + 3], (k + 3) % D));
    StoreBytes(a.out + q + 16 * k, packed, left < 64 ? left : 64);
  }
}

template <int D>
void RunFlat(const RunArgs& a, const Requantizer& r) {
  int32_t q = 0;
  for (; q + 256 <= a.length; q += 256) RunFlatVectors<16, D>(a, r, q);
  switch ((a.length - q + 63) / 64) {
    case 0:
      return;
    case 1:
      return RunFlatVectors<4, D>(a, r, q);
    case 2:
      return RunFlatVectors<8, D>(a, r, q);
    case 3:
      return RunFlatVectors<12, D>(a, r, q);
    default:
      return RunFlatVectors<16, D>(a, r, q);
  }
}

// K vectors (16 lanes each) of one pixel's run from lane q on; vector k's weights, bias and
// requantization sit at lane q + 16k of the period.
template <int K>
__attribute__((noinline)) void RunPixelVectors(const RunArgs& a, const Requantizer& shared,
                                               int32_t q) {
  const Requantizer r = shared;
  __m512i acc[K];
#pragma GCC unroll 8
  for (int k = 0; k < K; ++k) acc[k] = _mm512_loadu_si512(a.acc_init + q + 16 * k);
  const int32_t* in = a.input + q;
  const int32_t* w = a.weights + q;
  for (int32_t t = 0; t < a.taps; ++t, w += a.period) {
    const int32_t* tap = in + a.offsets[t];
#pragma GCC unroll 8
    for (int k = 0; k < K; ++k) {
      MultiplyAccumulate(acc[k], _mm512_loadu_si512(tap + 16 * k), _mm512_loadu_si512(w + 16 * k));
    }
  }
  const int block = q / 16;
#pragma GCC unroll 2
  for (int k = 0; k < K; k += 4) {
    __m512i v[4];
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i) {
      v[i] =
          k + i < K ? r.Scale(acc[k + i < K ? k + i : k], block + k + i) : _mm512_setzero_si512();
    }
    const int32_t left = a.length - q - 16 * k;
    StoreBytes(a.out + q + 16 * k, r.Pack4(v[0], v[1], v[2], v[3]), left < 64 ? left : 64);
  }
}

void RunPixel(const RunArgs& a, const Requantizer& r) {
  int32_t q = 0;
  for (; q + 128 <= a.length; q += 128) RunPixelVectors<8>(a, r, q);
  switch ((a.length - q + 15) / 16) {
    case 0:
      return;
    case 1:
      return RunPixelVectors<1>(a, r, q);
    case 2:
      return RunPixelVectors<2>(a, r, q);
    case 3:
      return RunPixelVectors<3>(a, r, q);
    case 4:
      return RunPixelVectors<4>(a, r, q);
    case 5:
      return RunPixelVectors<5>(a, r, q);
    case 6:
      return RunPixelVectors<6>(a, r, q);
    case 7:
      return RunPixelVectors<7>(a, r, q);
    default:
      return RunPixelVectors<8>(a, r, q);
  }
}

void RunFlatRow(const RunArgs& a, const Requantizer& r) {
  switch (a.period / 16) {
    case 1:
      return RunFlat<1>(a, r);
    case 2:
      return RunFlat<2>(a, r);
    case 4:
      return RunFlat<4>(a, r);
    default:
      return RunFlat<8>(a, r);
  }
}

}  // namespace

void RunDepthwiseConv2d(const DepthwiseConv2dJob& job) {
  const DepthwiseConv2dParams& p = *job.params;
  const DepthwiseConv2dLayout& l = job.layout;
  const x86::DepthwiseWindow& w = l.window;
  ExpandWeights(job);
  auto* ring = reinterpret_cast<int32_t*>(job.scratch + l.ring_offset);
  auto* offsets = reinterpret_cast<int64_t*>(job.scratch + l.offsets_offset);
  // The slack after the ring is read only for lanes whose results are discarded.
  FillBytes(reinterpret_cast<uint8_t*>(ring + static_cast<ptrdiff_t>(w.ring_rows) * l.row_elems),
            16 * 64, 0);
  const Requantizer requantizer(job.table, 0);
  const ptrdiff_t image_bytes = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t out_row_bytes = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = job.input + b * image_bytes;
    int8_t* out = job.output + b * out_row_bytes * p.output_h;
    int32_t filled = 0;
    for (int32_t oy = 0; oy < p.output_h; ++oy, out += out_row_bytes) {
      const int32_t first = oy * p.stride_h;
      const int32_t end = first + w.ring_rows;
      for (int32_t r = first > filled ? first : filled; r < end; ++r) {
        FillRow(p, w.padded_w, image, r - p.pad_top,
                ring + static_cast<ptrdiff_t>(r % w.ring_rows) * l.row_elems);
      }
      filled = end;
      // Tap (fy, fx) reads ring slot (first + fy * dilation_h) mod ring_rows, found without
      // dividing: first's slot plus fy * dilation_h (< ring_rows), wrapped once.
      int32_t row_slot = first % w.ring_rows;
      for (int32_t fy = 0, t = 0; fy < p.filter_h; ++fy) {
        const int64_t row = static_cast<int64_t>(row_slot) * l.row_elems;
        for (int32_t fx = 0; fx < p.filter_w; ++fx, ++t) {
          offsets[t] = row + static_cast<int64_t>(fx) * p.dilation_w * p.output_c;
        }
        row_slot += p.dilation_h;
        if (row_slot >= w.ring_rows) row_slot -= w.ring_rows;
      }
      const auto* weights = reinterpret_cast<const int32_t*>(job.scratch + l.weights_offset);
      if (w.flat) {
        RunFlatRow({ring, offsets, w.taps, weights, job.table.acc_init, w.period, out,
                    static_cast<int32_t>(out_row_bytes)},
                   requantizer);
        continue;
      }
      for (int32_t ox = 0; ox < p.output_w; ++ox) {
        RunPixel({ring + static_cast<ptrdiff_t>(ox) * p.stride_w * p.output_c, offsets, w.taps,
                  weights, job.table.acc_init, w.period,
                  out + static_cast<ptrdiff_t>(ox) * p.output_c, p.output_c},
                 requantizer);
      }
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
