// depthwise_conv2d/x86_avx512vnni's inner loops (see x86.h); compiled with the AVX-512 VNNI flags.
#include <immintrin.h>

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_avx512vnni/simd.h"
#include "kernels/x86_common/ring_rows.h"
#include "ops/depthwise_conv2d/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

using x86::DepthwiseConv2dJob;
using x86::DepthwiseConv2dLayout;

namespace {

// Taps are taken four at a time along a filter row: lane (x, c) of a ring row holds the four
// uint8 bytes x+128 of input columns x, x + d, x + 2d, x + 3d (d = dilation_w) of channel c
// (a "quad"), and one VPDPBUSD per lane multiplies them by four int8 weights: 64 products per
// instruction, where an int32 lane per tap would give 16. The +128 is taken out once per
// channel: acc_init = bias - (128 + input_zp) * sum(weights), as conv2d does; padding holds
// input_zp + 128, which contributes 0 after that correction.

// Quads along one filter row (the last one zero-padded in its weights).
ARENASTORE_X86_INLINE int32_t QuadsPerRow(int32_t filter_w) { return (filter_w + 3) / 4; }

// Lane l of a run serves channel l % C: the lanes of vector k of the period hold channels
// (16k + l) % C. For C < 16 (a divisor of 16, flat runs) every vector repeats one pattern.
ARENASTORE_X86_INLINE __m512i PatternIndex(int32_t channels) {
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  return _mm512_and_si512(lane, _mm512_set1_epi32(channels - 1));
}

// A window of at most this many quads adds at most 4 * 4112 * 255 * 128 < 2^29 to acc_init.
constexpr int32_t kBoundedMaxQuads = 4112;

// Weights of one period of lanes per (filter row, quad): four int8 taps per int32 lane, zero
// past the filter's width; and the accumulators' starting values (bias minus the correction).
// Returns whether every acc_init lies in (-2^29, 2^29) and the window has at most
// kBoundedMaxQuads quads: then every accumulator lies in (-2^30, 2^30).
bool ExpandWeights(const DepthwiseConv2dJob& job) {
  const DepthwiseConv2dParams& p = *job.params;
  const x86::DepthwiseWindow& w = job.layout.window;
  const int32_t c = p.output_c;
  const int32_t quads = QuadsPerRow(p.filter_w);
  auto* expanded = reinterpret_cast<int32_t*>(job.scratch + job.layout.weights_offset);
  const bool pattern = w.flat && c < 16;  // then C divides 16
  const __m512i ones = _mm512_set1_epi8(1);
  const __m512i correction = _mm512_set1_epi32(128 + p.input_zero_point);
  const __m512i init_limit = _mm512_set1_epi32(1 << 29);
  bool bounded = p.filter_h * quads <= kBoundedMaxQuads;
  for (int32_t v = 0; v < w.period / 16; ++v) {
    // Channels of vector v: [first, first + 16), or the pattern.
    const int32_t first = pattern ? 0 : (16 * v) % c;
    const __mmask16 real = LaneMask(pattern ? c : c - first);
    __m512i sums = _mm512_setzero_si512();
    for (int32_t fy = 0; fy < p.filter_h; ++fy) {
      for (int32_t q = 0; q < quads; ++q) {
        // Byte k of lane l: tap (fy, 4q + k) of the lane's channel.
        __m128i taps[4];
        for (int32_t k = 0; k < 4; ++k) {
          const int32_t fx = 4 * q + k;
          taps[k] = fx < p.filter_w ? _mm_maskz_loadu_epi8(
                                          real, job.filter + (fy * p.filter_w + fx) * c + first)
                                    : _mm_setzero_si128();
        }
        const __m128i lo01 = _mm_unpacklo_epi8(taps[0], taps[1]);
        const __m128i hi01 = _mm_unpackhi_epi8(taps[0], taps[1]);
        const __m128i lo23 = _mm_unpacklo_epi8(taps[2], taps[3]);
        const __m128i hi23 = _mm_unpackhi_epi8(taps[2], taps[3]);
        __m512i weights = _mm512_castsi128_si512(_mm_unpacklo_epi16(lo01, lo23));
        weights = _mm512_inserti32x4(weights, _mm_unpackhi_epi16(lo01, lo23), 1);
        weights = _mm512_inserti32x4(weights, _mm_unpacklo_epi16(hi01, hi23), 2);
        weights = _mm512_inserti32x4(weights, _mm_unpackhi_epi16(hi01, hi23), 3);
        if (pattern) weights = _mm512_permutexvar_epi32(PatternIndex(c), weights);
        sums = _mm512_dpbusd_epi32(sums, ones, weights);
        _mm512_storeu_si512(expanded + (fy * quads + q) * w.period + 16 * v, weights);
      }
    }
    __m512i bias = job.bias != nullptr ? _mm512_maskz_loadu_epi32(real, job.bias + first)
                                       : _mm512_setzero_si512();
    if (pattern) bias = _mm512_permutexvar_epi32(PatternIndex(c), bias);
    const __m512i init = _mm512_sub_epi32(bias, _mm512_mullo_epi32(sums, correction));
    _mm512_storeu_si512(job.table.acc_init + 16 * v, init);
    // |INT32_MIN| stays INT32_MIN, which compares as 2^31 unsigned: out of bounds, as it is.
    bounded = bounded && _mm512_cmpge_epu32_mask(_mm512_abs_epi32(init), init_limit) == 0;
  }
  return bounded;
}

// One padded row of uint8 x+128 per output channel (an input channel repeated
// depth_multiplier times), input_zp + 128 outside the image.
void FillByteRow(const DepthwiseConv2dParams& p, int32_t padded_w, const int8_t* image,
                 int32_t in_y, uint8_t* dst) {
  const auto pad_byte = static_cast<uint8_t>(static_cast<uint8_t>(p.input_zero_point) ^ 0x80u);
  if (p.depth_multiplier == 1) {
    return FillPaddedRow(dst, image, in_y, p.input_h, p.input_w, p.input_c, p.pad_left, padded_w,
                         pad_byte);
  }
  const bool row_inside = in_y >= 0 && in_y < p.input_h;
  for (int32_t x = 0; x < padded_w; ++x) {
    const int32_t in_x = x - p.pad_left;
    const bool inside = row_inside && in_x >= 0 && in_x < p.input_w;
    const ptrdiff_t pixel = inside ? static_cast<ptrdiff_t>(in_y) * p.input_w + in_x : 0;
    for (int32_t ic = 0; ic < p.input_c; ++ic) {
      const int8_t value = image[pixel * p.input_c + ic];
      const uint8_t byte =
          inside ? static_cast<uint8_t>(static_cast<uint8_t>(value) ^ 0x80u) : pad_byte;
      for (int32_t m = 0; m < p.depth_multiplier; ++m) *dst++ = byte;
    }
  }
}

// The 64 bytes of a byte row of `n` bytes from `from` on (padding past its end), dwords
// reordered for the interleave in StoreQuads: dword i of 128-bit block L comes from source
// dword 4i + L.
ARENASTORE_X86_INLINE __m512i LoadForQuads(const uint8_t* bytes, ptrdiff_t from, ptrdiff_t n,
                                           __m512i pad) {
  const __m512i gather = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
  const ptrdiff_t left = n - from;
  const __m512i loaded = left >= 64 ? _mm512_loadu_si512(bytes + from)
                         : left > 0 ? _mm512_mask_loadu_epi8(pad, ByteMask(left), bytes + from)
                                    : pad;
  return _mm512_permutexvar_epi32(gather, loaded);
}

// Interleaves s[k] (the bytes of tap k of elements [e, e + 64), from LoadForQuads) into quads
// and stores those of elements below n. The byte interleaves work within 128-bit blocks; with
// the reordered dwords, block L of quad vector j comes out as elements e + 16j + 4L .. + 3,
// i.e. every quad vector lands in element order.
ARENASTORE_X86_INLINE void StoreQuads(const __m512i (&s)[4], int32_t* dst, ptrdiff_t e,
                                      ptrdiff_t n) {
  const __m512i lo01 = _mm512_unpacklo_epi8(s[0], s[1]);
  const __m512i hi01 = _mm512_unpackhi_epi8(s[0], s[1]);
  const __m512i lo23 = _mm512_unpacklo_epi8(s[2], s[3]);
  const __m512i hi23 = _mm512_unpackhi_epi8(s[2], s[3]);
  const __m512i v[4] = {_mm512_unpacklo_epi16(lo01, lo23), _mm512_unpackhi_epi16(lo01, lo23),
                        _mm512_unpacklo_epi16(hi01, hi23), _mm512_unpackhi_epi16(hi01, hi23)};
  for (int l = 0; l < 4; ++l) {
    const ptrdiff_t left = n - e - 16 * l;
    if (left <= 0) break;
    _mm512_mask_storeu_epi32(dst + e + 16 * l,
                             LaneMask(left < 16 ? static_cast<int32_t>(left) : 16), v[l]);
  }
}

// Ring row of quads from input row `in_y`: the bytes are first laid out in the row's last
// quarter, then interleaved forward into the whole row. Reading ahead of writing is safe: the
// quads of elements [e, e + 64) end at byte 4e + 256, and the next chunk reads from byte
// 3n + e + 64 on (n elements), which is later while e + 64 <= n. Bytes a quad would take past
// the row end are never multiplied into a stored output; they are read as padding.
void FillQuadRow(const DepthwiseConv2dParams& p, int32_t padded_w, const int8_t* image,
                 int32_t in_y, int32_t* dst) {
  const ptrdiff_t n = static_cast<ptrdiff_t>(padded_w) * p.output_c;
  uint8_t* row = reinterpret_cast<uint8_t*>(dst);
  const uint8_t* bytes = row + 3 * n;
  FillByteRow(p, padded_w, image, in_y, row + 3 * n);
  const ptrdiff_t step = static_cast<ptrdiff_t>(p.dilation_w) * p.output_c;
  const __m512i pad = _mm512_set1_epi8(static_cast<char>(p.input_zero_point ^ 0x80));
  if (step == 64) {
    // Adjacent taps are one chunk apart (64 channels, no dilation): a chunk's taps 1-3 are the
    // next chunk's taps 0-2, so each chunk loads one new vector. Loading earlier than the
    // general loop below keeps the read-before-overwrite order.
    __m512i s[4] = {LoadForQuads(bytes, 0, n, pad), LoadForQuads(bytes, 64, n, pad),
                    LoadForQuads(bytes, 128, n, pad), pad};
    for (ptrdiff_t e = 0; e < n; e += 64) {
      s[3] = LoadForQuads(bytes, e + 192, n, pad);
      StoreQuads(s, dst, e, n);
      s[0] = s[1];
      s[1] = s[2];
      s[2] = s[3];
    }
    return;
  }
  for (ptrdiff_t e = 0; e < n; e += 64) {
    const __m512i s[4] = {LoadForQuads(bytes, e, n, pad), LoadForQuads(bytes, e + step, n, pad),
                          LoadForQuads(bytes, e + 2 * step, n, pad),
                          LoadForQuads(bytes, e + 3 * step, n, pad)};
    StoreQuads(s, dst, e, n);
  }
}

// Requantizer::ScaleBounded when the caller proved its conditions, else Scale.
template <bool kBounded>
ARENASTORE_X86_INLINE __m512i ScaleAs(const Requantizer& r, __m512i acc, int block) {
  return kBounded ? r.ScaleBounded(acc, block) : r.Scale(acc, block);
}

struct RunArgs {
  const int32_t* input;     // the run's first lane in tap 0's row, before the tap offsets
  const int64_t* offsets;   // lanes from `input` to each quad of taps
  int32_t taps;             // quads of taps: filter_h * QuadsPerRow(filter_w)
  const int32_t* weights;   // [quad][period], four int8 taps per lane
  const int32_t* acc_init;  // [period]
  int32_t period;
  int8_t* out;     // the run's output
  int32_t length;  // lanes in the run
};

// K vectors (16 lanes each) of a flat run from lane q on (q a multiple of the period), whose
// weights, bias and requantization repeat every D vectors: D weight loads per tap serve K
// multiply-adds. Vectors past the run's end compute on slack and are not stored.
template <int K, int D, bool kBounded>
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
      DotAccumulate(acc[k], _mm512_loadu_si512(tap + 16 * k), weights[k % D]);
    }
  }
  // Requantize every stored vector before the first store (an int8 store may alias the
  // table, which would reload the constants for each vector).
#pragma GCC unroll 16
  for (int k = 0; k < K; ++k) {
    if (a.length - q - 16 * k > 0) acc[k] = ScaleAs<kBounded>(r, acc[k], k % D);
  }
#pragma GCC unroll 4
  for (int k = 0; k < K; k += 4) {
    const int32_t left = a.length - q - 16 * k;
    if (left <= 0) break;
    const __m512i packed = r.Pack4(acc[k], acc[k + 1], acc[k + 2], acc[k + 3]);
    StoreBytes(a.out + q + 16 * k, packed, left < 64 ? left : 64);
  }
}

template <int D, bool kBounded>
void RunFlat(const RunArgs& a, const Requantizer& r) {
  int32_t q = 0;
  for (; q + 256 <= a.length; q += 256) RunFlatVectors<16, D, kBounded>(a, r, q);
  switch ((a.length - q + 63) / 64) {
    case 0:
      return;
    case 1:
      return RunFlatVectors<4, D, kBounded>(a, r, q);
    case 2:
      return RunFlatVectors<8, D, kBounded>(a, r, q);
    case 3:
      return RunFlatVectors<12, D, kBounded>(a, r, q);
    default:
      return RunFlatVectors<16, D, kBounded>(a, r, q);
  }
}

// K vectors (16 lanes each) of one pixel's run from lane q on; vector k's weights, bias and
// requantization sit at lane q + 16k of the period.
template <int K, bool kBounded>
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
      DotAccumulate(acc[k], _mm512_loadu_si512(tap + 16 * k), _mm512_loadu_si512(w + 16 * k));
    }
  }
  const int block = q / 16;
#pragma GCC unroll 8
  for (int k = 0; k < K; ++k) acc[k] = ScaleAs<kBounded>(r, acc[k], block + k);  // all first
#pragma GCC unroll 2
  for (int k = 0; k < K; k += 4) {
    __m512i v[4];
#pragma GCC unroll 4
    for (int i = 0; i < 4; ++i)
      v[i] = k + i < K ? acc[k + i < K ? k + i : k] : _mm512_setzero_si512();
    const int32_t left = a.length - q - 16 * k;
    StoreBytes(a.out + q + 16 * k, r.Pack4(v[0], v[1], v[2], v[3]), left < 64 ? left : 64);
  }
}

template <bool kBounded>
void RunPixel(const RunArgs& a, const Requantizer& r) {
  int32_t q = 0;
  for (; q + 128 <= a.length; q += 128) RunPixelVectors<8, kBounded>(a, r, q);
  switch ((a.length - q + 15) / 16) {
    case 0:
      return;
    case 1:
      return RunPixelVectors<1, kBounded>(a, r, q);
    case 2:
      return RunPixelVectors<2, kBounded>(a, r, q);
    case 3:
      return RunPixelVectors<3, kBounded>(a, r, q);
    case 4:
      return RunPixelVectors<4, kBounded>(a, r, q);
    case 5:
      return RunPixelVectors<5, kBounded>(a, r, q);
    case 6:
      return RunPixelVectors<6, kBounded>(a, r, q);
    case 7:
      return RunPixelVectors<7, kBounded>(a, r, q);
    default:
      return RunPixelVectors<8, kBounded>(a, r, q);
  }
}

template <bool kBounded>
void RunFlatRow(const RunArgs& a, const Requantizer& r) {
  switch (a.period / 16) {
    case 1:
      return RunFlat<1, kBounded>(a, r);
    case 2:
      return RunFlat<2, kBounded>(a, r);
    case 4:
      return RunFlat<4, kBounded>(a, r);
    default:
      return RunFlat<8, kBounded>(a, r);
  }
}

// Each quad of taps' lane offset from a run's origin, for a window whose first row sits in ring
// slot `first_slot`: quad (fy, q) reads slot (first_slot + fy * dilation_h) mod ring_rows, found
// without dividing (fy * dilation_h < ring_rows, so one wrap at most per step).
void FillTapOffsets(const DepthwiseConv2dJob& job, int32_t first_slot, int64_t* offsets) {
  const DepthwiseConv2dParams& p = *job.params;
  const int32_t ring_rows = job.layout.window.ring_rows;
  const int32_t quads = QuadsPerRow(p.filter_w);
  int32_t row_slot = first_slot;
  for (int32_t fy = 0, t = 0; fy < p.filter_h; ++fy) {
    const int64_t row = static_cast<int64_t>(row_slot) * job.layout.row_elems;
    for (int32_t q = 0; q < quads; ++q, ++t) {
      offsets[t] = row + static_cast<int64_t>(4 * q) * p.dilation_w * p.output_c;
    }
    row_slot += p.dilation_h;
    if (row_slot >= ring_rows) row_slot -= ring_rows;
  }
}

template <bool kBounded>
void RunRows(const DepthwiseConv2dJob& job) {
  const DepthwiseConv2dParams& p = *job.params;
  const DepthwiseConv2dLayout& l = job.layout;
  const x86::DepthwiseWindow& w = l.window;
  auto* ring = reinterpret_cast<int32_t*>(job.scratch + l.ring_offset);
  auto* offsets = reinterpret_cast<int64_t*>(job.scratch + l.offsets_offset);
  // The slack after the ring is read only for lanes whose results are discarded.
  FillBytes(reinterpret_cast<uint8_t*>(ring + static_cast<ptrdiff_t>(w.ring_rows) * l.row_elems),
            16 * 64, 0);
  const Requantizer requantizer(job.table, 0);
  const int32_t quads = QuadsPerRow(p.filter_w);
  const int32_t quad_taps = p.filter_h * quads;  // <= w.taps: offsets and weights fit
  const ptrdiff_t out_row_bytes = static_cast<ptrdiff_t>(p.output_w) * p.output_c;
  const auto fill_row = [&](const int8_t* image, int32_t input_y, int32_t slot) {
    FillQuadRow(p, w.padded_w, image, input_y, ring + static_cast<ptrdiff_t>(slot) * l.row_elems);
  };
  x86::WalkRingRows(
      p, job.input, job.output, w.ring_rows, fill_row, [&](int32_t first, int8_t* out) {
        const int32_t first_slot = first % w.ring_rows;
        const int64_t* row_offsets = offsets;
        if (job.slot_offsets != nullptr) {
          row_offsets = job.slot_offsets + static_cast<ptrdiff_t>(first_slot) * quad_taps;
        } else {
          FillTapOffsets(job, first_slot, offsets);
        }
        const auto* weights = reinterpret_cast<const int32_t*>(job.scratch + l.weights_offset);
        if (w.flat) {
          RunFlatRow<kBounded>({ring, row_offsets, quad_taps, weights, job.table.acc_init, w.period,
                                out, static_cast<int32_t>(out_row_bytes)},
                               requantizer);
          return;
        }
        for (int32_t ox = 0; ox < p.output_w; ++ox) {
          RunPixel<kBounded>({ring + static_cast<ptrdiff_t>(ox) * p.stride_w * p.output_c,
                              row_offsets, quad_taps, weights, job.table.acc_init, w.period,
                              out + static_cast<ptrdiff_t>(ox) * p.output_c, p.output_c},
                             requantizer);
        }
      });
}

}  // namespace

bool PrepareDepthwiseConv2d(const DepthwiseConv2dJob& job) {
  return ExpandWeights(job) && job.table.bounded_form_ok;
}

void FillSlotOffsets(const DepthwiseConv2dJob& job, int64_t* slot_offsets) {
  const int32_t quad_taps = job.params->filter_h * QuadsPerRow(job.params->filter_w);
  for (int32_t slot = 0; slot < job.layout.window.ring_rows; ++slot) {
    FillTapOffsets(job, slot, slot_offsets + static_cast<ptrdiff_t>(slot) * quad_taps);
  }
}

void ConvolveDepthwiseConv2d(const DepthwiseConv2dJob& job, bool bounded) {
  (bounded ? RunRows<true> : RunRows<false>)(job);
}

void RunDepthwiseConv2d(const DepthwiseConv2dJob& job) {
  ConvolveDepthwiseConv2d(job, PrepareDepthwiseConv2d(job));
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
