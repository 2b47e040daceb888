// transpose_conv2d/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "kernels/x86_common/transpose_taps.h"
#include "ops/transpose_conv2d/x86.h"

namespace arenastore::kernels::x86_avx2::internal {

using x86::Advance;
using x86::FloorDiv;
using x86::kPhaseLanes;
using x86::PhaseTaps;
using x86::Position;
using x86::PositionAt;
using x86::TapRange;
using x86::TapsOf;
using x86::TransposeConv2dJob;
using x86::TransposeConv2dLayout;
using x86::TransposeConv2dPhaseLayout;

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

// ---- Phase form, kPairs (x86_common/transpose_conv2d_entry.h): at most 8 output channels, one
// ymm of int32 per output pixel, VPMADDWD on int16 pairs of the input centred on its zero point
// (the border is 0, so every pixel of a phase takes the same taps and needs no correction), the
// filter packed (here) as the general form packs it (tap-major, one block).

constexpr int32_t kPhasePixels = 8;    // pixels of one phase gathered together
constexpr int32_t kBufferPixels = 64;  // pixels whose sums wait to be requantized (2 KiB)

// One batch's framed image as int16 pairs: virtual pixel (vy, vx) shows input (vy + origin_y,
// vx + origin_x) minus the zero point, 0 outside the input and in an odd channel count's pad.
void FramePairs(const TransposeConv2dParams& p, const TransposeConv2dPhaseLayout& layout,
                const int8_t* input, int16_t* image) {
  const ptrdiff_t pixel = static_cast<ptrdiff_t>(layout.groups) * 2;  // int16 per pixel
  const ptrdiff_t row = layout.virtual_w * pixel;
  FillInt16(image, layout.virtual_h * row, 0);
  const int32_t top = -layout.origin_y > 0 ? -layout.origin_y : 0;
  int32_t bottom = p.input_h - layout.origin_y;
  if (bottom > layout.virtual_h) bottom = layout.virtual_h;
  int32_t begin = -layout.origin_x;
  if (begin < 0) begin = 0;
  if (begin > layout.virtual_w) begin = layout.virtual_w;
  int32_t end = p.input_w - layout.origin_x;
  if (end > layout.virtual_w) end = layout.virtual_w;
  if (end <= begin) return;
  for (int32_t vy = top; vy < bottom; ++vy) {
    const int8_t* src = input + (static_cast<ptrdiff_t>(vy + layout.origin_y) * p.input_w + begin +
                                 layout.origin_x) *
                                    p.input_c;
    int16_t* dst = image + vy * row + begin * pixel;
    if (pixel == p.input_c) {
      CopyCentered(dst, src, (end - begin) * pixel, p.input_zero_point);
      continue;
    }
    for (int32_t vx = begin; vx < end; ++vx, dst += pixel, src += p.input_c) {
      CopyCentered(dst, src, p.input_c, p.input_zero_point);  // the pad stays 0
    }
  }
}

// The filter as the general form packs it for one block, [tap][pair][lane][2] int16, 0 past
// the real channels: with 8 output channels and an even input_c, eight 16-bit loads and one
// sign extension per tap and pair (the portable entry's byte loop took over a quarter of a small
// layer).
void PackPairs(const TransposeConv2dParams& p, const int8_t* filter, int32_t pairs,
               uint8_t* packed) {
  const int32_t taps = p.filter_h * p.filter_w;
  const ptrdiff_t stride = static_cast<ptrdiff_t>(taps) * p.input_c;  // one output channel
  if (p.input_c % 2 == 0 && p.output_c == kPhaseLanes) {
    auto load = [](const int8_t* at) {
      int16_t value;
      __builtin_memcpy(&value, at, sizeof(value));
      return value;
    };
    for (int32_t tap = 0; tap < taps; ++tap) {
      const int8_t* src = filter + static_cast<ptrdiff_t>(tap) * p.input_c;
      for (int32_t k = 0; k < pairs; ++k, src += 2, packed += 32) {
        const __m128i bytes =
            _mm_setr_epi16(load(src), load(src + stride), load(src + 2 * stride),
                           load(src + 3 * stride), load(src + 4 * stride), load(src + 5 * stride),
                           load(src + 6 * stride), load(src + 7 * stride));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(packed), _mm256_cvtepi8_epi16(bytes));
      }
    }
    return;
  }
  auto* words = reinterpret_cast<int16_t*>(packed);
  for (int32_t tap = 0; tap < taps; ++tap) {
    const int8_t* src = filter + static_cast<ptrdiff_t>(tap) * p.input_c;
    for (int32_t k = 0; k < pairs; ++k, words += 2 * kPhaseLanes) {
      for (int32_t lane = 0; lane < kPhaseLanes; ++lane) {
        words[2 * lane] = 0;
        words[2 * lane + 1] = 0;
        if (lane >= p.output_c) continue;
        const int8_t* w = src + lane * stride + 2 * k;
        words[2 * lane] = w[0];
        if (2 * k + 1 < p.input_c) words[2 * lane + 1] = w[1];
      }
    }
  }
}

// Strides of a phase's taps through the framed image and the packed filter.
struct PairSteps {
  ptrdiff_t row;         // framed row bytes: the tap above
  ptrdiff_t weight_row;  // packed bytes from tap (fy, fx) to (fy + stride_h, fx)
  ptrdiff_t weight_col;  // packed bytes from tap (fy, fx) to (fy, fx + stride_w)
  int32_t pairs;
};

// M pixels of one phase, pixel_bytes apart from `pixel` on: from `init`, their sums over
// taps_h x taps_w taps (tap (ky, kx) reads ky rows up and kx pixels left, weights from `weights`
// on), stored as 8 int32 `out_step` apart.
template <int M, int kPixelBytes>
ARENASTORE_X86_INLINE void GatherPairPixels(const PairSteps& s, const uint8_t* pixel,
                                            ptrdiff_t runtime_pixel_bytes, const uint8_t* weights,
                                            int32_t taps_h, int32_t taps_w, __m256i init,
                                            int32_t* out, ptrdiff_t out_step) {
  const ptrdiff_t pixel_bytes = kPixelBytes != 0 ? kPixelBytes : runtime_pixel_bytes;
  __m256i acc[M];
#pragma GCC unroll 8
  for (int m = 0; m < M; ++m) acc[m] = init;
  for (int32_t ky = 0; ky < taps_h; ++ky, pixel -= s.row, weights += s.weight_row) {
    const uint8_t* at = pixel;
    const uint8_t* w = weights;
    for (int32_t kx = 0; kx < taps_w; ++kx, at -= pixel_bytes, w += s.weight_col) {
      for (int32_t k = 0; k < s.pairs; ++k) {
        const __m256i wv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32 * k));
#pragma GCC unroll 8
        for (int m = 0; m < M; ++m) {
          const __m256i x = _mm256_set1_epi32(LoadI32(at + m * pixel_bytes + 4 * k));
          acc[m] = _mm256_add_epi32(acc[m], _mm256_madd_epi16(x, wv));
        }
      }
    }
  }
#pragma GCC unroll 8
  for (int m = 0; m < M; ++m) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + m * out_step), acc[m]);
  }
}

template <int kPixelBytes>
ARENASTORE_X86_INLINE void GatherPairPhase(const PairSteps& s, const uint8_t* pixel,
                                           ptrdiff_t pixel_bytes, const uint8_t* weights,
                                           int32_t taps_h, int32_t taps_w, __m256i init,
                                           int32_t count, int32_t* out, ptrdiff_t out_step) {
  for (; count >= kPhasePixels; count -= kPhasePixels) {
    GatherPairPixels<kPhasePixels, kPixelBytes>(s, pixel, pixel_bytes, weights, taps_h, taps_w,
                                                init, out, out_step);
    pixel += kPhasePixels * pixel_bytes;
    out += kPhasePixels * out_step;
  }
  switch (count) {
#define ARENASTORE_GATHER_CASE(m)                                                               \
  case m:                                                                                       \
    GatherPairPixels<m, kPixelBytes>(s, pixel, pixel_bytes, weights, taps_h, taps_w, init, out, \
                                     out_step);                                                 \
    break;
    ARENASTORE_GATHER_CASE(7)
    ARENASTORE_GATHER_CASE(6)
    ARENASTORE_GATHER_CASE(5)
    ARENASTORE_GATHER_CASE(4)
    ARENASTORE_GATHER_CASE(3)
    ARENASTORE_GATHER_CASE(2)
    ARENASTORE_GATHER_CASE(1)
#undef ARENASTORE_GATHER_CASE
    default:
      break;
  }
}

// Requantizes `count` pixels of 8 int32 and stores their `channels` bytes each, one after
// another, through a local buffer (a store through `out` would make every Scale reload).
void RequantizePairPixels(const int32_t* sums, int32_t count, int32_t channels,
                          const Requantizer& r, int8_t* out) {
  alignas(32) int8_t staged[kBufferPixels * kPhaseLanes];
  for (int32_t i = 0; i < count; i += 2, sums += 2 * kPhaseLanes) {
    const __m256i a = r.Scale(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums)), 0);
    const __m256i b =
        r.Scale(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(sums + kPhaseLanes)), 0);
    _mm_store_si128(reinterpret_cast<__m128i*>(staged + i * kPhaseLanes), r.Pack2(a, b));
  }
  if (channels == kPhaseLanes) {
    for (int32_t at = 0; at < count * kPhaseLanes; at += 16) {
      StoreBytes(out + at, _mm_load_si128(reinterpret_cast<const __m128i*>(staged + at)),
                 count * kPhaseLanes - at < 16 ? count * kPhaseLanes - at : 16);
    }
    return;
  }
  for (int32_t i = 0; i < count; ++i, out += channels) {
    for (int32_t c = 0; c < channels; ++c) out[c] = staged[i * kPhaseLanes + c];
  }
}

template <int kPixelBytes>
void RunPairPhases(const TransposeConv2dJob& job) {
  const TransposeConv2dParams& p = *job.params;
  const TransposeConv2dPhaseLayout& layout = job.phase;
  uint8_t* weights = job.scratch;
  PackPairs(p, job.filter, layout.groups, weights);
  auto* image = reinterpret_cast<int16_t*>(job.scratch + layout.image_offset);
  const ptrdiff_t pixel_bytes = static_cast<ptrdiff_t>(layout.groups) * 4;
  const ptrdiff_t tap_bytes = static_cast<ptrdiff_t>(layout.groups) * 32;
  const PairSteps steps{layout.virtual_w * pixel_bytes,
                        static_cast<ptrdiff_t>(p.stride_h) * p.filter_w * tap_bytes,
                        static_cast<ptrdiff_t>(p.stride_w) * tap_bytes, layout.groups};
  const ptrdiff_t out_step = static_cast<ptrdiff_t>(p.stride_w) * kPhaseLanes;
  const __m256i init = job.bias != nullptr ? _mm256_maskload_epi32(job.bias, LaneMask(p.output_c))
                                           : _mm256_setzero_si256();
  const Requantizer r(job.table, 0);
  const x86::PhaseColumns columns = x86::PhaseColumnsOf(p, layout.origin_x, kBufferPixels);
  int32_t taps_x[x86::kMaxPhases], taps_y[x86::kMaxPhases];
  for (int32_t j = 0; j < columns.count; ++j) {
    taps_x[j] = PhaseTaps(columns.phase[j], p.filter_w, p.stride_w);
  }
  for (int32_t i = 0; i < p.stride_h; ++i) taps_y[i] = PhaseTaps(i, p.filter_h, p.stride_h);
  const int32_t first_qy = FloorDiv(p.pad_top, p.stride_h);
  const int32_t first_ry = p.pad_top - first_qy * p.stride_h;
  alignas(32) int32_t sums[kBufferPixels * kPhaseLanes];
  const ptrdiff_t in_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const int8_t* input = job.input;
  int8_t* output = job.output;  // where the buffer's first pixel goes
  int32_t buffered = 0;
  for (int32_t b = 0; b < p.batches; ++b, input += in_elements) {
    FramePairs(p, layout, input, image);
    const auto* framed = reinterpret_cast<const uint8_t*>(image);
    int32_t qy = first_qy, ry = first_ry;
    for (int32_t oy = 0; oy < p.output_h; ++oy) {
      const uint8_t* row = framed + (qy - layout.origin_y) * steps.row;
      const uint8_t* row_weights = weights + static_cast<ptrdiff_t>(ry) * p.filter_w * tap_bytes;
      for (int32_t k = 0; k < columns.segments; ++k) {
        const bool last = k == columns.segments - 1;
        const int32_t pixels = last ? columns.last_width : columns.width;
        if (buffered + pixels > kBufferPixels) {
          RequantizePairPixels(sums, buffered, p.output_c, r, output);
          output += static_cast<ptrdiff_t>(buffered) * p.output_c;
          buffered = 0;
        }
        int32_t* out = sums + buffered * kPhaseLanes;
        for (int32_t j = 0; j < columns.count; ++j, out += kPhaseLanes) {
          GatherPairPhase<kPixelBytes>(
              steps, row + (columns.input[j] + k * columns.step) * pixel_bytes, pixel_bytes,
              row_weights + columns.phase[j] * tap_bytes, taps_y[ry], taps_x[j], init,
              last ? columns.last[j] : columns.step, out, out_step);
        }
        buffered += pixels;
      }
      if (++ry == p.stride_h) {
        ry = 0;
        ++qy;
      }
    }
  }
  RequantizePairPixels(sums, buffered, p.output_c, r, output);
}

}  // namespace

void RunTransposeConv2dPhases(const TransposeConv2dJob& job) {
  // Up to four pairs (8 input channels) get a compile-time pixel size.
  switch (job.phase.groups) {
    case 1:
      return RunPairPhases<4>(job);
    case 2:
      return RunPairPhases<8>(job);
    case 4:
      return RunPairPhases<16>(job);
    default:
      return RunPairPhases<0>(job);
  }
}

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
