// transpose_conv2d/x86_avx512vnni's inner loops (see transpose_conv2d.h); compiled with the
// AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "kernels/x86_common/transpose_taps.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

using x86::Advance;
using x86::Position;
using x86::PositionAt;
using x86::TapRange;
using x86::TapsOf;
using x86::TransposeConv2dJob;
using x86::TransposeConv2dLayout;

namespace {

constexpr int kMaxBlocks = 4;  // blocks gathered together: 4 accumulators, 4 weights, 1 input

// pixel[i] = input[i] - zero_point as int16 for i < count.
void CenterRun(const int8_t* input, ptrdiff_t count, int32_t zero_point, int16_t* pixel) {
  const __m512i zp = _mm512_set1_epi16(static_cast<int16_t>(zero_point));
  for (ptrdiff_t c = 0; c < count; c += 32) {
    const ptrdiff_t left = count - c;
    const __mmask32 mask = left >= 32 ? ~__mmask32{0} : (__mmask32{1} << left) - 1;
    const __m512i wide = _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(mask, input + c));
    _mm512_mask_storeu_epi16(pixel + c, mask, _mm512_sub_epi16(wide, zp));
  }
}

// One batch's input centred as int16 pairs: one run when the channel count is even, else pixel
// by pixel with a 0 after each.
void CenterImage(const int8_t* input, ptrdiff_t pixels, int32_t channels, int32_t zero_point,
                 int16_t* image) {
  if (channels % 2 == 0) return CenterRun(input, pixels * channels, zero_point, image);
  for (ptrdiff_t i = 0; i < pixels; ++i, input += channels, image += channels + 1) {
    CenterRun(input, channels, zero_point, image);
    image[channels] = 0;
  }
}

// One output pixel of M blocks from `first`: the sum over its taps of centred input pixel .
// tap weights, started from `init` (the bias), requantized and stored. VPMADDWD then VPADDD,
// not VPDPWSSD: a pixel has few products, and the fused form chains them at its full latency.
template <int M>
ARENASTORE_X86_INLINE void GatherPixel(const TransposeConv2dJob& job, const uint8_t* image,
                                       const uint8_t* weights, TapRange ty, TapRange tx,
                                       int32_t first, const __m512i* init, const Requantizer& r,
                                       int8_t* out) {
  const TransposeConv2dParams& p = *job.params;
  const int32_t kpairs = job.layout.kpairs;
  const ptrdiff_t block_bytes = static_cast<ptrdiff_t>(kpairs) * 64;
  const ptrdiff_t tap_bytes = job.layout.blocks * block_bytes;
  const ptrdiff_t pixel_bytes = static_cast<ptrdiff_t>(kpairs) * 4;
  __m512i sum[M];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) sum[m] = init[m];
  for (int32_t fy = ty.first, iy = ty.input; fy < ty.end; fy += p.stride_h, --iy) {
    for (int32_t fx = tx.first, ix = tx.input; fx < tx.end; fx += p.stride_w, --ix) {
      const uint8_t* pixel = image + (static_cast<ptrdiff_t>(iy) * p.input_w + ix) * pixel_bytes;
      const uint8_t* w = weights + (fy * p.filter_w + fx) * tap_bytes + first * block_bytes;
#pragma GCC unroll 4
      for (int32_t k = 0; k < kpairs; ++k, w += 64) {
        const __m512i x = _mm512_set1_epi32(LoadI32(pixel + 4 * k));
#pragma GCC unroll 4
        for (int m = 0; m < M; ++m) {
          sum[m] = _mm512_add_epi32(sum[m],
                                    _mm512_madd_epi16(x, _mm512_loadu_si512(w + m * block_bytes)));
        }
      }
    }
  }
  __m512i scaled[4];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) scaled[m] = r.Scale(sum[m], first + m);
#pragma GCC unroll 4
  for (int m = M; m < 4; ++m) scaled[m] = scaled[0];
  const int32_t channel = first * kLanes;
  const int32_t room = p.output_c - channel;
  StoreBytes(out + channel, r.Pack4(scaled[0], scaled[1], scaled[2], scaled[3]),
             room < M * kLanes ? room : M * kLanes);
}

// Every output pixel of one image for the M blocks from `first`.
template <int M>
void GatherBlocks(const TransposeConv2dJob& job, const uint8_t* image, const uint8_t* weights,
                  int32_t first, const Requantizer& r, int8_t* output) {
  const TransposeConv2dParams& p = *job.params;
  __m512i init[M];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) {
    const int32_t channel = (first + m) * kLanes;
    init[m] = job.bias != nullptr
                  ? _mm512_maskz_loadu_epi32(LaneMask(p.output_c - channel), job.bias + channel)
                  : _mm512_setzero_si512();
  }
  Position y = PositionAt(p.pad_top, p.stride_h);
  for (int32_t oy = 0; oy < p.output_h; ++oy, Advance(y, p.stride_h)) {
    const TapRange ty = TapsOf(y, p.stride_h, p.filter_h, p.input_h);
    int8_t* out = output + static_cast<ptrdiff_t>(oy) * p.output_w * p.output_c;
    Position x = PositionAt(p.pad_left, p.stride_w);
    for (int32_t ox = 0; ox < p.output_w; ++ox, out += p.output_c, Advance(x, p.stride_w)) {
      GatherPixel<M>(job, image, weights, ty, TapsOf(x, p.stride_w, p.filter_w, p.input_w), first,
                     init, r, out);
    }
  }
}

}  // namespace

void RunTransposeConv2d(const TransposeConv2dJob& job) {
  const TransposeConv2dParams& p = *job.params;
  const TransposeConv2dLayout& layout = job.layout;
  auto* image = reinterpret_cast<int16_t*>(job.scratch + layout.image_offset);
  const uint8_t* weights = job.scratch + layout.weights_offset;
  const Requantizer r(job.table, 0);
  const ptrdiff_t in_pixels = static_cast<ptrdiff_t>(p.input_h) * p.input_w;
  const ptrdiff_t out_elements = static_cast<ptrdiff_t>(p.output_h) * p.output_w * p.output_c;
  const int8_t* input = job.input;
  int8_t* output = job.output;
  for (int32_t b = 0; b < p.batches; ++b, output += out_elements) {
    CenterImage(input, in_pixels, p.input_c, p.input_zero_point, image);
    input += in_pixels * p.input_c;
    const auto* centred = reinterpret_cast<const uint8_t*>(image);
    int32_t block = 0;
    for (; block + kMaxBlocks <= layout.blocks; block += kMaxBlocks) {
      GatherBlocks<kMaxBlocks>(job, centred, weights, block, r, output);
    }
    switch (layout.blocks - block) {
      case 3:
        GatherBlocks<3>(job, centred, weights, block, r, output);
        break;
      case 2:
        GatherBlocks<2>(job, centred, weights, block, r, output);
        break;
      case 1:
        GatherBlocks<1>(job, centred, weights, block, r, output);
        break;
      default:
        break;
    }
  }
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
