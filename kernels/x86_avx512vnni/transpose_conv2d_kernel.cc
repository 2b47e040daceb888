// transpose_conv2d/x86_avx512vnni's inner loops (see transpose_conv2d.h); compiled with the
// AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"

namespace arenastore::kernels::x86_avx512vnni::internal {
namespace {

constexpr int kMaxBlocks = 4;  // blocks scattered together: 4 accumulators, 4 weights, 1 input

// [tap][block][input pair][lane][2] int16, zero beyond the real channels. The packing is
// zeroed first and each real weight written once in the filter's own order: deciding per
// packed element whether it is real cost about as much as the rest of a small layer.
void PackFilter(const TransposeConv2dParams& p, const int8_t* filter, int32_t blocks,
                int32_t kpairs, int16_t* packed) {
  const int32_t taps = p.filter_h * p.filter_w;
  const ptrdiff_t pair_stride = static_cast<ptrdiff_t>(kLanes) * 2;
  const ptrdiff_t total = static_cast<ptrdiff_t>(taps) * blocks * kpairs * pair_stride;
  for (ptrdiff_t i = 0; i < total; ++i) packed[i] = 0;
  for (int32_t oc = 0; oc < p.output_c; ++oc) {
    const int32_t block = oc / kLanes;
    const int32_t lane = oc % kLanes;
    for (int32_t tap = 0; tap < taps; ++tap, filter += p.input_c) {
      int16_t* dst =
          packed + (static_cast<ptrdiff_t>(tap) * blocks + block) * kpairs * pair_stride + lane * 2;
      for (int32_t ic = 0; ic < p.input_c; ++ic) dst[(ic / 2) * pair_stride + ic % 2] = filter[ic];
    }
  }
}

// pixel[i] = input[i] - zero_point as int16, one more 0 when the count is odd.
void CenterPixel(const int8_t* input, int32_t channels, int32_t zero_point, int16_t* pixel) {
  const __m512i zp = _mm512_set1_epi16(static_cast<int16_t>(zero_point));
  for (int32_t c = 0; c < channels; c += 32) {
    const int32_t count = channels - c < 32 ? channels - c : 32;
    const __mmask32 mask = count >= 32 ? ~__mmask32{0} : (__mmask32{1} << count) - 1;
    const __m512i wide = _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, input + c));
    _mm512_mask_storeu_epi16(pixel + c, mask, _mm512_sub_epi16(wide, zp));
  }
  if (channels % 2 != 0) pixel[channels] = 0;
}

// acc[block * 16 + lane] += sum over pairs k of pixel pair k . weight pair (k, lane), for M
// blocks from `first` (VPDPWSSD).
template <int M>
ARENASTORE_X86_INLINE void ScatterBlocks(int32_t* acc, const uint8_t* pixel, const uint8_t* weights,
                                         int32_t kpairs, int32_t first, int32_t output_c) {
  const ptrdiff_t block_bytes = static_cast<ptrdiff_t>(kpairs) * 64;
  const uint8_t* w = weights + first * block_bytes;
  __m512i sum[M];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) sum[m] = _mm512_setzero_si512();
  for (int32_t k = 0; k < kpairs; ++k, w += 64) {
    const __m512i x = _mm512_set1_epi32(LoadI32(pixel + 4 * k));
#pragma GCC unroll 4
    for (int m = 0; m < M; ++m) {
      sum[m] = _mm512_dpwssd_epi32(sum[m], x, _mm512_loadu_si512(w + m * block_bytes));
    }
  }
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) {
    const int32_t channel = (first + m) * kLanes;
    const __mmask16 mask = LaneMask(output_c - channel);
    int32_t* dst = acc + channel;
    _mm512_mask_storeu_epi32(dst, mask,
                             _mm512_add_epi32(_mm512_maskz_loadu_epi32(mask, dst), sum[m]));
  }
}

void ScatterTap(int32_t* acc, const uint8_t* pixel, const uint8_t* weights, int32_t blocks,
                int32_t kpairs, int32_t output_c) {
  int32_t block = 0;
  for (; block + kMaxBlocks <= blocks; block += kMaxBlocks) {
    ScatterBlocks<kMaxBlocks>(acc, pixel, weights, kpairs, block, output_c);
  }
  switch (blocks - block) {
    case 3:
      return ScatterBlocks<3>(acc, pixel, weights, kpairs, block, output_c);
    case 2:
      return ScatterBlocks<2>(acc, pixel, weights, kpairs, block, output_c);
    case 1:
      return ScatterBlocks<1>(acc, pixel, weights, kpairs, block, output_c);
    default:
      return;
  }
}

// Input pixel (in_y, in_x) into every output pixel its filter window covers; taps outside the
// output (in the padding) are dropped, as ref.
void ScatterPixel(const TransposeConv2dJob& job, const uint8_t* pixel, const uint8_t* weights,
                  int32_t in_y, int32_t in_x, int32_t* acc) {
  const TransposeConv2dParams& p = *job.params;
  const ptrdiff_t tap_bytes = static_cast<ptrdiff_t>(job.layout.blocks) * job.layout.kpairs * 64;
  const int32_t origin_y = in_y * p.stride_h - p.pad_top;
  const int32_t origin_x = in_x * p.stride_w - p.pad_left;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t out_y = origin_y + fy;
    if (out_y < 0 || out_y >= p.output_h) continue;
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t out_x = origin_x + fx;
      if (out_x < 0 || out_x >= p.output_w) continue;
      ScatterTap(acc + (static_cast<ptrdiff_t>(out_y) * p.output_w + out_x) * p.output_c, pixel,
                 weights + (fy * p.filter_w + fx) * tap_bytes, job.layout.blocks, job.layout.kpairs,
                 p.output_c);
    }
  }
}

void Requantize(const TransposeConv2dJob& job, const int32_t* acc, int8_t* out) {
  const TransposeConv2dParams& p = *job.params;
  const Requantizer r(job.table, 0);
  const ptrdiff_t pixels = static_cast<ptrdiff_t>(p.output_h) * p.output_w;
  for (ptrdiff_t i = 0; i < pixels; ++i, acc += p.output_c, out += p.output_c) {
    for (int32_t block = 0; block < job.layout.blocks; ++block) {
      const int32_t channel = block * kLanes;
      const int32_t lanes = p.output_c - channel < kLanes ? p.output_c - channel : kLanes;
      const __mmask16 mask = LaneMask(lanes);
      __m512i sum = _mm512_maskz_loadu_epi32(mask, acc + channel);
      if (job.bias != nullptr) {
        sum = _mm512_add_epi32(sum, _mm512_maskz_loadu_epi32(mask, job.bias + channel));
      }
      const __m512i scaled = r.Scale(sum, block);
      StoreBytes(out + channel, r.Pack4(scaled, scaled, scaled, scaled), lanes);
    }
  }
}

}  // namespace

void RunTransposeConv2d(const TransposeConv2dJob& job) {
  const TransposeConv2dParams& p = *job.params;
  const TransposeConv2dLayout& layout = job.layout;
  auto* acc = reinterpret_cast<int32_t*>(job.scratch + layout.acc_offset);
  auto* pixel = reinterpret_cast<int16_t*>(job.scratch + layout.pixel_offset);
  const uint8_t* weights = job.scratch + layout.weights_offset;
  PackFilter(p, job.filter, layout.blocks, layout.kpairs,
             reinterpret_cast<int16_t*>(job.scratch + layout.weights_offset));
  const ptrdiff_t acc_count = static_cast<ptrdiff_t>(p.output_h) * p.output_w * p.output_c;
  const int8_t* input = job.input;
  int8_t* output = job.output;
  for (int32_t b = 0; b < p.batches; ++b) {
    for (ptrdiff_t i = 0; i < acc_count; ++i) acc[i] = 0;
    for (int32_t in_y = 0; in_y < p.input_h; ++in_y) {
      for (int32_t in_x = 0; in_x < p.input_w; ++in_x, input += p.input_c) {
        CenterPixel(input, p.input_c, p.input_zero_point, pixel);
        ScatterPixel(job, reinterpret_cast<const uint8_t*>(pixel), weights, in_y, in_x, acc);
      }
    }
    Requantize(job, acc, output);
    output += acc_count;
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
