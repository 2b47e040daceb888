// depthwise_conv2d/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "kernels/x86_common/ring_rows.h"
#include "ops/depthwise_conv2d/x86.h"

namespace arenastore::kernels::x86_avx2::internal {

using x86::DepthwiseConv2dJob;
using x86::DepthwiseConv2dLayout;

namespace {

// Weights of one period of lanes per tap, as int32 whose high 16 bits are zero (so VPMADDWD's
// high-half product is 0); and the accumulators' starting values (the bias).
void ExpandWeights(const DepthwiseConv2dJob& job) {
  const DepthwiseConv2dParams& p = *job.params;
  const x86::DepthwiseWindow& w = job.layout.window;
  auto* expanded = reinterpret_cast<int32_t*>(job.scratch + job.layout.weights_offset);
  for (int32_t q = 0; q < w.period; ++q) {
    const int32_t c = w.flat ? q % p.output_c : q;
    const bool real = c < p.output_c;
    for (int32_t t = 0; t < w.taps; ++t) {
      const int8_t weight = real ? job.filter[t * p.output_c + c] : int8_t{0};
      expanded[t * w.period + q] = static_cast<uint16_t>(static_cast<int16_t>(weight));
    }
    job.table.acc_init[q] = real && job.bias != nullptr ? job.bias[c] : 0;
  }
}

// Padded row `in_y`: x - zero point per output channel, 0 outside the image.
void FillRow(const DepthwiseConv2dParams& p, int32_t padded_w, const int8_t* image, int32_t in_y,
             int32_t* dst) {
  const ptrdiff_t oc = p.output_c;
  const __m256i zero_point = _mm256_set1_epi32(p.input_zero_point);
  for (int32_t col = 0; col < padded_w; ++col, dst += oc) {
    const int32_t in_x = col - p.pad_left;
    if (in_y < 0 || in_y >= p.input_h || in_x < 0 || in_x >= p.input_w) {
      for (ptrdiff_t c = 0; c < oc; ++c) dst[c] = 0;
      continue;
    }
    const int8_t* pixel = image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
    if (p.depth_multiplier == 1) {
      ptrdiff_t c = 0;
      for (; c + 8 <= oc; c += 8) {
        const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(pixel + c));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + c),
                            _mm256_sub_epi32(_mm256_cvtepi8_epi32(bytes), zero_point));
      }
      for (; c < oc; ++c) dst[c] = pixel[c] - p.input_zero_point;
      continue;
    }
    for (int32_t ic = 0; ic < p.input_c; ++ic) {
      for (int32_t m = 0; m < p.depth_multiplier; ++m) {
        dst[ic * p.depth_multiplier + m] = pixel[ic] - p.input_zero_point;
      }
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

// K vectors (8 lanes each) of a run from lane q on.
template <int K>
__attribute__((noinline)) void RunVectors(const RunArgs& a, const Requantizer& shared, int32_t q) {
  const Requantizer r = shared;
  int32_t phase[K];
  __m256i acc[K];
#pragma GCC unroll 8
  for (int k = 0; k < K; ++k) {
    phase[k] = (q + 8 * k) % a.period;
    acc[k] = Load8(a.acc_init + phase[k]);
  }
  const int32_t* in = a.input + q;
  for (int32_t t = 0; t < a.taps; ++t) {
    const int32_t* tap = in + a.offsets[t];
    const int32_t* w = a.weights + static_cast<ptrdiff_t>(t) * a.period;
#pragma GCC unroll 8
    for (int k = 0; k < K; ++k) {
      acc[k] = _mm256_add_epi32(acc[k], _mm256_madd_epi16(Load8(tap + 8 * k), Load8(w + phase[k])));
    }
  }
#pragma GCC unroll 4
  for (int k = 0; k < K; k += 2) {
    const __m256i a0 = r.Scale(acc[k], phase[k] / 8);
    const __m256i a1 =
        k + 1 < K ? r.Scale(acc[k + 1 < K ? k + 1 : k], phase[k + 1 < K ? k + 1 : k] / 8) : a0;
    const int32_t left = a.length - q - 8 * k;
    StoreBytes(a.out + q + 8 * k, r.Pack2(a0, a1), left < 16 ? left : 16);
  }
}

void RunLanes(const RunArgs& a, const Requantizer& r) {
  int32_t q = 0;
  for (; q + 64 <= a.length; q += 64) RunVectors<8>(a, r, q);
  switch ((a.length - q + 7) / 8) {
    case 0:
      return;
    case 1:
      return RunVectors<1>(a, r, q);
    case 2:
      return RunVectors<2>(a, r, q);
    case 3:
      return RunVectors<3>(a, r, q);
    case 4:
      return RunVectors<4>(a, r, q);
    case 5:
      return RunVectors<5>(a, r, q);
    case 6:
      return RunVectors<6>(a, r, q);
    case 7:
      return RunVectors<7>(a, r, q);
    default:
      return RunVectors<8>(a, r, q);
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
  __builtin_memset(ring + static_cast<ptrdiff_t>(w.ring_rows) * l.row_elems, 0, 8 * 32);
  const Requantizer requantizer(job.table, 0);
  const auto* weights = reinterpret_cast<const int32_t*>(job.scratch + l.weights_offset);
  const ptrdiff_t out_row_bytes = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  const auto fill_row = [&](const int8_t* image, int32_t input_y, int32_t slot) {
    FillRow(p, w.padded_w, image, input_y, ring + static_cast<ptrdiff_t>(slot) * l.row_elems);
  };
  x86::WalkRingRows(p, job.input, job.output, w.ring_rows, fill_row,
                    [&](int32_t first, int8_t* out) {
                      // Tap (fy, fx) reads ring slot (first + fy * dilation_h) mod ring_rows, found
                      // without dividing: first's slot plus fy * dilation_h (< ring_rows), wrapped
                      // once.
                      int32_t row_slot = first % w.ring_rows;
                      for (int32_t fy = 0, t = 0; fy < p.filter_h; ++fy) {
                        const int64_t row = static_cast<int64_t>(row_slot) * l.row_elems;
                        for (int32_t fx = 0; fx < p.filter_w; ++fx, ++t) {
                          offsets[t] = row + static_cast<int64_t>(fx) * p.dilation_w * p.output_c;
                        }
                        row_slot += p.dilation_h;
                        if (row_slot >= w.ring_rows) row_slot -= w.ring_rows;
                      }
                      if (w.flat) {
                        RunLanes({ring, offsets, w.taps, weights, job.table.acc_init, w.period, out,
                                  static_cast<int32_t>(out_row_bytes)},
                                 requantizer);
                        return;
                      }
                      for (int32_t ox = 0; ox < p.output_w; ++ox) {
                        RunLanes({ring + static_cast<ptrdiff_t>(ox) * p.stride_w * p.output_c,
                                  offsets, w.taps, weights, job.table.acc_init, w.period,
                                  out + static_cast<ptrdiff_t>(ox) * p.output_c, p.output_c},
                                 requantizer);
                      }
                    });
}

}  // namespace arenastore::kernels::x86_avx2::internal
