// transpose_conv2d/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "kernels/x86_common/transpose_taps.h"
#include "ops/transpose_conv2d/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

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

// ---- Phase form (x86_common/transpose_conv2d_entry.h): at most 8 output channels, one ymm of
// int32 per output pixel, VPDPBUSD on input quads flipped to uint8 (x + 128). The framed image's
// border holds the zero point, so a phase's start value (bias - (zero point + 128) * the sum of
// its taps' weights) makes every pixel of it exact with the same taps.

constexpr int32_t kPhasePixels = 8;  // pixels of one phase gathered together
// Pixels whose sums wait in a stack buffer (2 KiB) to be requantized together.
constexpr int32_t kBufferPixels = 64;

ARENASTORE_X86_INLINE void DotAccumulate(__m256i& acc, __m256i a, __m256i b) {
  __asm__("vpdpbusd %2, %1, %0" : "+v"(acc) : "v"(a), "v"(b));
}

// Quad q of filter tap `tap` for each output channel (lane), 0 past the real channels: the
// int8 weights of input channels 4q .. 4q + 3 (0 past input_c).
ARENASTORE_X86_INLINE __m256i FilterQuads(const TransposeConv2dParams& p, const int8_t* filter,
                                          int32_t tap, int32_t q) {
  const int8_t* src = filter + static_cast<ptrdiff_t>(tap) * p.input_c + 4 * q;
  const ptrdiff_t channel_stride = static_cast<ptrdiff_t>(p.filter_h) * p.filter_w * p.input_c;
  if (p.input_c % 4 == 0 && p.output_c == kPhaseLanes) {
    // Eight scalar loads: a gather costs about three times as much on AMD Zen 4.
    return _mm256_setr_epi32(LoadI32(src), LoadI32(src + channel_stride),
                             LoadI32(src + 2 * channel_stride), LoadI32(src + 3 * channel_stride),
                             LoadI32(src + 4 * channel_stride), LoadI32(src + 5 * channel_stride),
                             LoadI32(src + 6 * channel_stride), LoadI32(src + 7 * channel_stride));
  }
  alignas(32) uint32_t words[kPhaseLanes] = {};
  for (int32_t lane = 0; lane < p.output_c; ++lane) {
    for (int32_t i = 0; i < 4 && 4 * q + i < p.input_c; ++i) {
      words[lane] |= static_cast<uint32_t>(static_cast<uint8_t>(src[lane * channel_stride + i]))
                     << (8 * i);
    }
  }
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(words));
}

// Quads q and q + 1 of filter tap `tap` (FilterQuads) when input_c % 4 == 0 and output_c == 8:
// one 8-byte load per output channel, then one permute splits the even and odd dwords.
ARENASTORE_X86_INLINE void FilterQuadPair(const TransposeConv2dParams& p, const int8_t* filter,
                                          int32_t tap, int32_t q, __m256i* w) {
  const int8_t* src = filter + static_cast<ptrdiff_t>(tap) * p.input_c + 4 * q;
  const ptrdiff_t stride = static_cast<ptrdiff_t>(p.filter_h) * p.filter_w * p.input_c;
  auto load = [](const int8_t* at) {
    int64_t value;
    __builtin_memcpy(&value, at, sizeof(value));
    return value;
  };
  const __m512i pairs =
      _mm512_setr_epi64(load(src), load(src + stride), load(src + 2 * stride),
                        load(src + 3 * stride), load(src + 4 * stride), load(src + 5 * stride),
                        load(src + 6 * stride), load(src + 7 * stride));
  const __m512i split = _mm512_permutexvar_epi32(
      _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15), pairs);
  w[0] = _mm512_castsi512_si256(split);
  w[1] = _mm512_extracti64x4_epi64(split, 1);
}

// One batch's framed image: virtual pixel (vy, vx) shows input (vy + origin_y, vx + origin_x)
// flipped to uint8, or `border` (the zero point + 128) in every byte outside the input. The whole
// image takes the border first, then the input rows are copied over it.
void FrameImage(const TransposeConv2dParams& p, const TransposeConv2dPhaseLayout& layout,
                const int8_t* input, uint8_t* image) {
  const auto border = static_cast<uint8_t>(p.input_zero_point + 128);
  const ptrdiff_t pixel_bytes = static_cast<ptrdiff_t>(layout.groups) * 4;
  const ptrdiff_t row_bytes = layout.virtual_w * pixel_bytes;
  FillBytes(image, layout.virtual_h * row_bytes, border);
  // Virtual rows [top, bottom) and columns [begin, end) show the input.
  const int32_t top = -layout.origin_y > 0 ? -layout.origin_y : 0;
  int32_t bottom = p.input_h - layout.origin_y;
  if (bottom > layout.virtual_h) bottom = layout.virtual_h;
  int32_t begin = -layout.origin_x;
  if (begin < 0) begin = 0;
  if (begin > layout.virtual_w) begin = layout.virtual_w;
  int32_t end = p.input_w - layout.origin_x;
  if (end > layout.virtual_w) end = layout.virtual_w;
  if (end <= begin) return;
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  for (int32_t vy = top; vy < bottom; ++vy) {
    const int8_t* src = input + (static_cast<ptrdiff_t>(vy + layout.origin_y) * p.input_w + begin +
                                 layout.origin_x) *
                                    p.input_c;
    uint8_t* dst = image + vy * row_bytes + begin * pixel_bytes;
    if (pixel_bytes == p.input_c) {
      CopyFlipped(dst, src, (end - begin) * pixel_bytes);
      continue;
    }
    // Pad bytes of a quad meet zero weights; they get 0x80 (a flipped 0).
    for (int32_t vx = begin; vx < end; ++vx, dst += pixel_bytes, src += p.input_c) {
      for (ptrdiff_t at = 0; at < pixel_bytes; at += 64) {
        const __m512i bytes = _mm512_maskz_loadu_epi8(ByteMask(p.input_c - at), src + at);
        _mm512_mask_storeu_epi8(dst + at, ByteMask(pixel_bytes - at),
                                _mm512_xor_si512(bytes, flip));
      }
    }
  }
}

// M pixels of one phase, `pixel_bytes` apart from `pixel` on: from `init`, the sum over the
// phase's `entries` of the input quad at offsets[j] from each pixel times weights[j] (8 lanes of
// int8 quads), stored as 8 int32 `out_step` apart.
template <int M, int kPixelBytes>
ARENASTORE_X86_INLINE void GatherPhasePixels(const uint8_t* pixel, ptrdiff_t runtime_pixel_bytes,
                                             const uint8_t* weights, const int32_t* offsets,
                                             int32_t entries, __m256i init, int32_t* out,
                                             ptrdiff_t out_step) {
  // A compile-time pixel size lets each pixel's load take it as a displacement.
  const ptrdiff_t pixel_bytes = kPixelBytes != 0 ? kPixelBytes : runtime_pixel_bytes;
  __m256i acc[M];
#pragma GCC unroll 8
  for (int m = 0; m < M; ++m) acc[m] = init;
  for (int32_t j = 0; j < entries; ++j, weights += 32) {
    const uint8_t* at = pixel + offsets[j];
    const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(weights));
#pragma GCC unroll 8
    for (int m = 0; m < M; ++m) {
      DotAccumulate(acc[m], _mm256_set1_epi32(LoadI32(at + m * pixel_bytes)), w);
    }
  }
#pragma GCC unroll 8
  for (int m = 0; m < M; ++m) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + m * out_step), acc[m]);
  }
}

// Requantizes `count` pixels of 8 int32 (two per zmm) and stores their `channels` bytes each,
// one after another. Bounded: Requantizer::ScaleBounded, whose conditions the caller proved.
// The bytes go to a local buffer first and are copied out at the end: a store through `out`
// (int8, which may alias anything) would make every Scale reload the table's constants.
template <bool kBounded>
void RequantizePixels(const int32_t* sums, int32_t count, int32_t channels, const Requantizer& r,
                      int8_t* out) {
  auto scale = [&r](const int32_t* at) {
    return kBounded ? r.ScaleBounded(_mm512_loadu_si512(at), 0)
                    : r.Scale(_mm512_loadu_si512(at), 0);
  };
  alignas(64) int8_t staged[kBufferPixels * kPhaseLanes];
  for (int32_t first = 0; first < count; first += 8, sums += 8 * kPhaseLanes) {
    _mm512_store_si512(staged + first * kPhaseLanes,
                       r.Pack4(scale(sums), scale(sums + 16), scale(sums + 32), scale(sums + 48)));
  }
  if (channels == kPhaseLanes) {
    for (int32_t at = 0; at < count * kPhaseLanes; at += 64) {
      StoreBytes(out + at, _mm512_load_si512(staged + at),
                 count * kPhaseLanes - at < 64 ? count * kPhaseLanes - at : 64);
    }
    return;
  }
  const auto mask = static_cast<__mmask16>((1u << channels) - 1);
  for (int32_t i = 0; i < count; ++i, out += channels) {
    _mm_mask_storeu_epi8(out, mask,
                         _mm_loadl_epi64(reinterpret_cast<const __m128i*>(staged + 8 * i)));
  }
}

// Gathers `count` pixels of one phase (see GatherPhasePixels), up to kPhasePixels at a time.
template <int kPixelBytes>
ARENASTORE_X86_INLINE void GatherPhase(const uint8_t* pixel, ptrdiff_t pixel_bytes,
                                       const uint8_t* weights, const int32_t* offsets,
                                       int32_t entries, __m256i init, int32_t count, int32_t* out,
                                       ptrdiff_t out_step) {
  for (; count >= kPhasePixels; count -= kPhasePixels) {
    GatherPhasePixels<kPhasePixels, kPixelBytes>(pixel, pixel_bytes, weights, offsets, entries,
                                                 init, out, out_step);
    pixel += kPhasePixels * pixel_bytes;
    out += kPhasePixels * out_step;
  }
  switch (count) {
#define ARENASTORE_GATHER_CASE(m)                                                               \
  case m:                                                                                       \
    GatherPhasePixels<m, kPixelBytes>(pixel, pixel_bytes, weights, offsets, entries, init, out, \
                                      out_step);                                                \
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

// Packed weights, tap offsets and start values per phase, phase = ry * stride_w + rx.
struct Phases {
  const uint8_t* weights;
  const int32_t* offsets;
  int32_t first[x86::kMaxPhases + 1];  // entries of phase i: [first[i], first[i + 1])
  __m256i init[x86::kMaxPhases];
};

// Packs the filter phase by phase (for each phase its taps (ky, kx) in order, each tap's quads
// in order: entry j) and each entry's framed-image offset from its pixel's tap-0 input quad,
// -(ky * virtual_w + kx) * pixel bytes + 4q. A phase starts from the bias less (zero point +
// 128) times its weights' sums.
void PackPhases(const TransposeConv2dJob& job, uint8_t* weights, int32_t* offsets, Phases& phases) {
  const TransposeConv2dParams& p = *job.params;
  const TransposeConv2dPhaseLayout& layout = job.phase;
  const ptrdiff_t pixel_bytes = static_cast<ptrdiff_t>(layout.groups) * 4;
  const __m256i bias =
      job.bias != nullptr
          ? _mm256_maskz_loadu_epi32(static_cast<__mmask8>(LaneMask(p.output_c)), job.bias)
          : _mm256_setzero_si256();
  const __m256i border = _mm256_set1_epi8(static_cast<char>(p.input_zero_point + 128));
  phases.weights = weights;
  phases.offsets = offsets;
  const bool pairs = p.input_c % 4 == 0 && p.output_c == kPhaseLanes;
  int32_t j = 0;
  for (int32_t ry = 0; ry < p.stride_h; ++ry) {
    for (int32_t rx = 0; rx < p.stride_w; ++rx) {
      const int32_t phase = ry * p.stride_w + rx;
      phases.first[phase] = j;
      __m256i sum = _mm256_setzero_si256();
      for (int32_t fy = ry, ky = 0; fy < p.filter_h; fy += p.stride_h, ++ky) {
        for (int32_t fx = rx, kx = 0; fx < p.filter_w; fx += p.stride_w, ++kx) {
          const int32_t tap = fy * p.filter_w + fx;
          const auto tap_offset = static_cast<int32_t>(
              -(static_cast<ptrdiff_t>(ky) * layout.virtual_w + kx) * pixel_bytes);
          int32_t q = 0;
          for (; pairs && q + 1 < layout.groups; q += 2, j += 2) {
            __m256i w[2];
            FilterQuadPair(p, job.filter, tap, q, w);
            for (int i = 0; i < 2; ++i) {
              _mm256_storeu_si256(reinterpret_cast<__m256i*>(weights + 32 * (j + i)), w[i]);
              offsets[j + i] = tap_offset + 4 * (q + i);
              DotAccumulate(sum, border, w[i]);
            }
          }
          for (; q < layout.groups; ++q, ++j) {
            const __m256i w = FilterQuads(p, job.filter, tap, q);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(weights + 32 * j), w);
            offsets[j] = tap_offset + 4 * q;
            DotAccumulate(sum, border, w);
          }
        }
      }
      phases.init[phase] = _mm256_sub_epi32(bias, sum);
    }
  }
  phases.first[p.stride_h * p.stride_w] = j;
}

template <bool kBounded, int kPixelBytes>
void RunPhases(const TransposeConv2dJob& job, const Phases& phases, uint8_t* image,
               const Requantizer r) {
  const TransposeConv2dParams& p = *job.params;
  const TransposeConv2dPhaseLayout& layout = job.phase;
  const ptrdiff_t pixel_bytes = static_cast<ptrdiff_t>(layout.groups) * 4;
  const ptrdiff_t row_bytes = layout.virtual_w * pixel_bytes;
  const ptrdiff_t out_step = static_cast<ptrdiff_t>(p.stride_w) * kPhaseLanes;
  const x86::PhaseColumns columns = x86::PhaseColumnsOf(p, layout.origin_x, kBufferPixels);
  const int32_t first_qy = FloorDiv(p.pad_top, p.stride_h);
  const int32_t first_ry = p.pad_top - first_qy * p.stride_h;
  alignas(64) int32_t sums[kBufferPixels * kPhaseLanes];
  const ptrdiff_t in_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const int8_t* input = job.input;
  int8_t* output = job.output;  // where the buffer's first pixel goes
  int32_t buffered = 0;
  for (int32_t b = 0; b < p.batches; ++b, input += in_elements) {
    FrameImage(p, layout, input, image);
    int32_t qy = first_qy, ry = first_ry;
    for (int32_t oy = 0; oy < p.output_h; ++oy) {
      const uint8_t* row = image + (qy - layout.origin_y) * row_bytes;
      const int32_t row_phase = ry * p.stride_w;
      for (int32_t k = 0; k < columns.segments; ++k) {
        const bool last = k == columns.segments - 1;
        const int32_t pixels = last ? columns.last_width : columns.width;
        if (buffered + pixels > kBufferPixels) {
          RequantizePixels<kBounded>(sums, buffered, p.output_c, r, output);
          output += static_cast<ptrdiff_t>(buffered) * p.output_c;
          buffered = 0;
        }
        int32_t* out = sums + buffered * kPhaseLanes;
        for (int32_t j = 0; j < columns.count; ++j, out += kPhaseLanes) {
          const int32_t phase = row_phase + columns.phase[j];
          const int32_t first = phases.first[phase];
          GatherPhase<kPixelBytes>(row + (columns.input[j] + k * columns.step) * pixel_bytes,
                                   pixel_bytes, phases.weights + 32 * static_cast<ptrdiff_t>(first),
                                   phases.offsets + first, phases.first[phase + 1] - first,
                                   phases.init[phase], last ? columns.last[j] : columns.step, out,
                                   out_step);
        }
        buffered += pixels;
      }
      if (++ry == p.stride_h) {
        ry = 0;
        ++qy;
      }
    }
  }
  RequantizePixels<kBounded>(sums, buffered, p.output_c, r, output);
}

// When every channel's scale is below one (multiplier >= 0, shift in [-30, -1]), the part of a
// RequantTable of kPhaseTableLanes slots (channel s % 8 in slot s) that Requantizer::ScaleBounded
// and Pack4 read, built in registers: right_shift, split_multiplier and split_round (2^30 +
// 2^(30 + right shift)), even slots' then odd slots' for the split arrays, as
// x86::FillRequantTable lays them out. False (and nothing built) otherwise.
bool BoundedTable(const TransposeConv2dParams& p, uint8_t* storage, x86::RequantTable& table) {
  const auto real = static_cast<__mmask8>(LaneMask(p.output_c));
  const __m256i multiplier = _mm256_maskz_loadu_epi32(real, p.requant.multipliers);
  const __m256i shift = _mm256_mask_loadu_epi32(_mm256_set1_epi32(-1), real, p.requant.shifts);
  const __mmask8 ok = _mm256_cmpge_epi32_mask(multiplier, _mm256_setzero_si256()) &
                      _mm256_cmple_epi32_mask(shift, _mm256_set1_epi32(-1)) &
                      _mm256_cmpge_epi32_mask(shift, _mm256_set1_epi32(-30));
  if (ok != 0xff) return false;
  const __m256i right = _mm256_sub_epi32(_mm256_setzero_si256(), shift);
  auto* right_shift = reinterpret_cast<int32_t*>(storage);
  auto* split_multiplier = reinterpret_cast<int64_t*>(storage + 64);
  auto* split_round = reinterpret_cast<int64_t*>(storage + 192);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(right_shift), right);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(right_shift + 8), right);
  const __m512i half = _mm512_set1_epi64(int64_t{1} << 30);
  const __m256i even = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  const __m256i odd = _mm256_setr_epi32(1, 3, 5, 7, 1, 3, 5, 7);
  for (int i = 0; i < 2; ++i) {
    const __m256i order = i == 0 ? even : odd;
    _mm512_storeu_si512(split_multiplier + 8 * i,
                        _mm512_cvtepi32_epi64(_mm256_permutevar8x32_epi32(multiplier, order)));
    const __m512i e = _mm512_cvtepi32_epi64(_mm256_permutevar8x32_epi32(right, order));
    _mm512_storeu_si512(split_round + 8 * i, _mm512_add_epi64(half, _mm512_sllv_epi64(half, e)));
  }
  table = x86::RequantTable{};
  table.right_shift = right_shift;
  table.split_multiplier = split_multiplier;
  table.split_round = split_round;
  table.output_zero_point = p.output_zero_point;
  table.activation_min = p.activation_min;
  table.activation_max = p.activation_max;
  table.bounded_form_ok = true;
  return true;
}

}  // namespace

void RunTransposeConv2dPhases(const TransposeConv2dJob& job) {
  const TransposeConv2dParams& p = *job.params;
  const TransposeConv2dPhaseLayout& layout = job.phase;
  Phases phases;
  PackPhases(job, job.scratch + layout.weights_offset,
             reinterpret_cast<int32_t*>(job.scratch + layout.offsets_offset), phases);
  // ScaleBounded needs every sum in [-2^30, 2^30): |bias| plus the most taps a pixel takes
  // times input_c products of |x - zero point| <= 255 and |w| <= 128.
  int64_t largest = 0;
  for (int32_t oc = 0; job.bias != nullptr && oc < p.output_c; ++oc) {
    const int64_t value = job.bias[oc] < 0 ? -int64_t{job.bias[oc]} : job.bias[oc];
    if (value > largest) largest = value;
  }
  const int64_t taps = static_cast<int64_t>(PhaseTaps(0, p.filter_h, p.stride_h)) *
                       PhaseTaps(0, p.filter_w, p.stride_w);
  const bool sums_bounded = largest + taps * p.input_c * (255 * 128) < (int64_t{1} << 30);
  uint8_t* image = job.scratch + layout.image_offset;
  alignas(64) uint8_t storage[x86::RequantTableBytes(x86::kPhaseTableLanes)];
  x86::RequantTable table;
  if (sums_bounded && BoundedTable(p, storage, table)) {
    // One or two quads (up to 8 input channels) get a compile-time pixel size.
    switch (layout.groups) {
      case 1:
        return RunPhases<true, 4>(job, phases, image, Requantizer(table, 0));
      case 2:
        return RunPhases<true, 8>(job, phases, image, Requantizer(table, 0));
      default:
        return RunPhases<true, 0>(job, phases, image, Requantizer(table, 0));
    }
  }
  table = x86::FillRequantTable(p.requant, p.output_zero_point, p.activation_min, p.activation_max,
                                x86::kPhaseTableLanes, x86::kPhaseTableLanes,
                                {kPhaseLanes, p.output_c, 0}, storage);
  RunPhases<false, 0>(job, phases, image, Requantizer(table, 0));
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
