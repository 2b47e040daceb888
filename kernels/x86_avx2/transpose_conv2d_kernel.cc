// transpose_conv2d/x86_avx2's inner loops (see transpose_conv2d.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "kernels/x86_common/transpose_taps.h"

namespace arenastore::kernels::x86_avx2::internal {

using x86::Advance;
using x86::Position;
using x86::PositionAt;
using x86::TapRange;
using x86::TapsOf;
using x86::TransposeConv2dJob;
using x86::TransposeConv2dLayout;

namespace {

constexpr int kMaxBlocks = 4;  // blocks gathered together: 4 accumulators, 4 weights, 1 input

// Stores the first `bytes` (<= 16) bytes of v; eight (one block) with one 64-bit store.
ARENASTORE_X86_INLINE void StoreUpTo16(int8_t* out, __m128i v, int32_t bytes) {
  if (bytes == 8) {
    _mm_storel_epi64(reinterpret_cast<__m128i*>(out), v);
  } else {
    StoreBytes(out, v, bytes);
  }
}

// One output pixel of M blocks from `first`: the sum over its taps of centred input pixel .
// tap weights (VPMADDWD), started from `init` (the bias), requantized and stored.
template <int M>
ARENASTORE_X86_INLINE void GatherPixel(const TransposeConv2dJob& job, const uint8_t* image,
                                       const uint8_t* weights, TapRange ty, TapRange tx,
                                       int32_t first, const __m256i* init, const Requantizer& r,
                                       int8_t* out) {
  const TransposeConv2dParams& p = *job.params;
  const int32_t kpairs = job.layout.kpairs;
  const ptrdiff_t block_bytes = static_cast<ptrdiff_t>(kpairs) * 32;
  const ptrdiff_t tap_bytes = job.layout.blocks * block_bytes;
  const ptrdiff_t pixel_bytes = static_cast<ptrdiff_t>(kpairs) * 4;
  __m256i sum[M];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) sum[m] = init[m];
  for (int32_t fy = ty.first, iy = ty.input; fy < ty.end; fy += p.stride_h, --iy) {
    for (int32_t fx = tx.first, ix = tx.input; fx < tx.end; fx += p.stride_w, --ix) {
      const uint8_t* pixel = image + (static_cast<ptrdiff_t>(iy) * p.input_w + ix) * pixel_bytes;
      const uint8_t* w = weights + (fy * p.filter_w + fx) * tap_bytes + first * block_bytes;
#pragma GCC unroll 4
      for (int32_t k = 0; k < kpairs; ++k, w += 32) {
        const __m256i x = _mm256_set1_epi32(LoadI32(pixel + 4 * k));
#pragma GCC unroll 4
        for (int m = 0; m < M; ++m) {
          const __m256i wv =
              _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + m * block_bytes));
          sum[m] = _mm256_add_epi32(sum[m], _mm256_madd_epi16(x, wv));
        }
      }
    }
  }
  int32_t channel = first * kLanes;
#pragma GCC unroll 2
  for (int m = 0; m < M; m += 2, channel += 2 * kLanes) {
    const __m256i a = r.Scale(sum[m], first + m);
    const __m256i b = m + 1 < M ? r.Scale(sum[m + 1], first + m + 1) : a;
    const int32_t room = p.output_c - channel;
    const int32_t lanes = m + 1 < M ? 2 * kLanes : kLanes;
    StoreUpTo16(out + channel, r.Pack2(a, b), room < lanes ? room : lanes);
  }
}

// Every output pixel of one image for the M blocks from `first`.
template <int M>
void GatherBlocks(const TransposeConv2dJob& job, const uint8_t* image, const uint8_t* weights,
                  int32_t first, const Requantizer& r, int8_t* output) {
  const TransposeConv2dParams& p = *job.params;
  __m256i init[M];
#pragma GCC unroll 4
  for (int m = 0; m < M; ++m) {
    const int32_t channel = (first + m) * kLanes;
    init[m] = job.bias != nullptr
                  ? _mm256_maskload_epi32(job.bias + channel, LaneMask(p.output_c - channel))
                  : _mm256_setzero_si256();
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
    // One batch's input centred as int16 pairs: one run when the channel count is even, else
    // pixel by pixel with a 0 after each.
    if (p.input_c % 2 == 0) {
      CopyCentered(image, input, in_pixels * p.input_c, p.input_zero_point);
      input += in_pixels * p.input_c;
    } else {
      for (ptrdiff_t i = 0; i < in_pixels; ++i, input += p.input_c) {
        int16_t* pixel = image + i * (p.input_c + 1);
        CopyCentered(pixel, input, p.input_c, p.input_zero_point);
        pixel[p.input_c] = 0;
      }
    }
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

}  // namespace arenastore::kernels::x86_avx2::internal
