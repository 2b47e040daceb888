#include "ops/depthwise_conv2d/arm_dsp.h"

#include "kernels/arm_dsp/requantize_dsp.h"
#include "kernels/arm_dsp/simd32.h"
#include "kernels/filter_taps.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "depthwise_conv2d/arm_dsp";

// The common 3x3 "same" layer is cheap enough to bounds-check in place.
bool IsSmall3x3(const DepthwiseConv2dParams& p) {
  return p.filter_h == 3 && p.filter_w == 3 && p.pad_top <= 1 && p.pad_left <= 1;
}

// Dilations are at least 1 (checked before a kernel runs), so their OR is 1 only when both are.
bool UsesWindowBuffer(const DepthwiseConv2dParams& p) {
  return !IsSmall3x3(p) && p.depth_multiplier == 1 && (p.dilation_h | p.dilation_w) == 1;
}

struct Accumulators {
  int32_t lane[4];
};

// acc[k] += x[k] * w[k] for four channels: x as the (v0, v2) and (v1, v3) int16 pairs, the
// weights as four int8 in one word.
void MultiplyAccumulate4(uint32_t x_even, uint32_t x_odd, uint32_t weights, Accumulators* acc) {
  const uint32_t w_even = Sxtb16(weights);
  const uint32_t w_odd = Sxtb16High(weights);
  acc->lane[0] = Smlabb(x_even, w_even, acc->lane[0]);
  acc->lane[2] = Smlatt(x_even, w_even, acc->lane[2]);
  acc->lane[1] = Smlabb(x_odd, w_odd, acc->lane[1]);
  acc->lane[3] = Smlatt(x_odd, w_odd, acc->lane[3]);
}

int8_t Requantize(const DepthwiseConv2dParams& p, const int32_t* bias, int32_t channel,
                  int32_t sum) {
  if (bias != nullptr) sum = WrappingAdd(sum, bias[channel]);
  const ChannelScale scale =
      ChannelScaleOf(p.requant.multipliers[channel], p.requant.shifts[channel]);
  return static_cast<int8_t>(ToInt8Range(ScaleAccumulator(sum, scale), p.output_zero_point,
                                         p.activation_min, p.activation_max));
}

struct Window {
  int32_t origin_y, origin_x;
};

Window WindowOf(const DepthwiseConv2dParams& p, int32_t out_y, int32_t out_x) {
  return {out_y * p.stride_h - p.pad_top, out_x * p.stride_w - p.pad_left};
}

// Input pixel of tap (fy, fx), or null when the tap lies in the padding.
const int8_t* TapPixel(const DepthwiseConv2dParams& p, const int8_t* image, Window window,
                       int32_t fy, int32_t fx) {
  const int32_t in_y = window.origin_y + fy * p.dilation_h;
  const int32_t in_x = window.origin_x + fx * p.dilation_w;
  if (in_y < 0 || in_y >= p.input_h || in_x < 0 || in_x >= p.input_w) return nullptr;
  return image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
}

int32_t DirectChannel(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                      Window window, int32_t channel) {
  const int32_t input_channel = channel / p.depth_multiplier;
  int32_t sum = 0;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int8_t* pixel = TapPixel(p, image, window, fy, fx);
      if (pixel == nullptr) continue;
      const int8_t weight =
          filter[(static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * p.output_c + channel];
      sum += (pixel[input_channel] - p.input_zero_point) * weight;
    }
  }
  return sum;
}

// The taps of one filter axis inside the input, [begin, end): found once per output pixel, so
// the tap loops below need no bounds checks.
using TapRange = ref::FilterTaps;

// Output channels [c, c + kChannels) of a depth multiplier above 1, all of one input channel:
// each input value inside the window is read once and meets its tap's kChannels weights (4 or
// 8, one or two words). The padded taps are skipped once per pixel (`rows`, `columns`), not
// tested per tap and channel. The sums stay in locals: an int8 load may alias any memory, so
// sums kept in memory would be stored at every tap.
// Out of line: inlined into the kernel's body, its sums lost their registers to the rest.
template <int32_t kChannels>
[[gnu::noinline]] void MultipliedChannels(const DepthwiseConv2dParams& p, const int8_t* image,
                                          const int8_t* filter, Window window, TapRange rows,
                                          TapRange columns, int32_t c, int32_t* sums) {
  static_assert(kChannels == 4 || kChannels == 8);
  const int32_t input_channel = c / p.depth_multiplier;
  const ptrdiff_t input_step = static_cast<ptrdiff_t>(p.dilation_w) * p.input_c;
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
  for (int32_t fy = rows.begin; fy < rows.end; ++fy) {
    const int32_t in_y = window.origin_y + fy * p.dilation_h;
    const int32_t in_x = window.origin_x + columns.begin * p.dilation_w;
    const int8_t* x_in =
        image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c + input_channel;
    const int8_t* taps =
        filter + (static_cast<ptrdiff_t>(fy) * p.filter_w + columns.begin) * p.output_c + c;
    for (int32_t fx = columns.begin; fx < columns.end; ++fx) {
      // x in the low lane meets each weight pair's low (SMLABB) and high (SMLABT) lane.
      const uint32_t x = static_cast<uint32_t>(*x_in - p.input_zero_point);
      const uint32_t first = LoadWord(taps);
      const uint32_t first_even = Sxtb16(first);
      const uint32_t first_odd = Sxtb16High(first);
      s0 = Smlabb(x, first_even, s0);
      s2 = Smlabt(x, first_even, s2);
      s1 = Smlabb(x, first_odd, s1);
      s3 = Smlabt(x, first_odd, s3);
      if constexpr (kChannels == 8) {
        const uint32_t second = LoadWord(taps + 4);
        const uint32_t second_even = Sxtb16(second);
        const uint32_t second_odd = Sxtb16High(second);
        s4 = Smlabb(x, second_even, s4);
        s6 = Smlabt(x, second_even, s6);
        s5 = Smlabb(x, second_odd, s5);
        s7 = Smlabt(x, second_odd, s7);
      }
      x_in += input_step;
      taps += p.output_c;
    }
  }
  const int32_t all[8] = {s0, s1, s2, s3, s4, s5, s6, s7};
  for (int32_t k = 0; k < kChannels; ++k) sums[k] = all[k];
}

// Four channels' accumulators, named rather than indexed so that they stay in registers.
struct Sums4 {
  int32_t s0, s1, s2, s3;
};

// sums += (x + offset) * w for four channels: x as four int8 in one word, w as the unpacked
// weight pairs (w0, w2) and (w1, w3).
[[gnu::always_inline]] inline void Accumulate4(uint32_t x, uint32_t offset_pair, uint32_t w_even,
                                               uint32_t w_odd, Sums4* sums) {
  const OffsetPairs in = WidenWithOffset(x, offset_pair);
  sums->s0 = Smlabb(in.even, w_even, sums->s0);
  sums->s2 = Smlatt(in.even, w_even, sums->s2);
  sums->s1 = Smlabb(in.odd, w_odd, sums->s1);
  sums->s3 = Smlatt(in.odd, w_odd, sums->s3);
}

// The output stage of four channels, derived once per run of channels.
struct LaneScales {
  int32_t bias[4];
  ChannelScale scale[4];
};

struct OutputRange {
  int32_t zero_point, min, max;
};

LaneScales LaneScalesOf(const DepthwiseConv2dParams& p, const int32_t* bias, int32_t c) {
  LaneScales lanes;
  for (int32_t k = 0; k < 4; ++k) {
    lanes.bias[k] = bias != nullptr ? bias[c + k] : 0;
    lanes.scale[k] = ChannelScaleOf(p.requant.multipliers[c + k], p.requant.shifts[c + k]);
  }
  return lanes;
}

// kFullRange: the activation range is all of int8, so one SSAT clamps. kShortShift: the
// lane's right shift is in 1..23, so ScaleForInt8Output applies.
template <bool kFullRange = false, bool kShortShift = false>
[[gnu::always_inline]] inline uint32_t RequantizeLane(int32_t sum, int32_t bias,
                                                      const ChannelScale& scale,
                                                      const OutputRange& range) {
  const int32_t scaled = kShortShift ? ScaleForInt8Output(WrappingAdd(sum, bias), scale)
                                     : ScaleAccumulator(WrappingAdd(sum, bias), scale);
  int32_t value;
  if constexpr (kFullRange) {
    value = SaturateToInt8(WrappingAdd(scaled, range.zero_point));
  } else {
    value = ToInt8Range(scaled, range.zero_point, range.min, range.max);
  }
  return static_cast<uint32_t>(value) & 0xffu;
}

// Four requantized channels packed into one little-endian word, for a single store.
template <bool kFullRange = false, bool kShortShift = false>
[[gnu::always_inline]] inline uint32_t RequantizeSums4(const Sums4& sums, const LaneScales& lanes,
                                                       const OutputRange& range) {
  return RequantizeLane<kFullRange, kShortShift>(sums.s0, lanes.bias[0], lanes.scale[0], range) |
         (RequantizeLane<kFullRange, kShortShift>(sums.s1, lanes.bias[1], lanes.scale[1], range)
          << 8) |
         (RequantizeLane<kFullRange, kShortShift>(sums.s2, lanes.bias[2], lanes.scale[2], range)
          << 16) |
         (RequantizeLane<kFullRange, kShortShift>(sums.s3, lanes.bias[3], lanes.scale[3], range)
          << 24);
}

// A 3x3 filter's weights for four channels, unpacked once per run of channels.
struct Unpacked3x3 {
  uint32_t even[9];  // (w0, w2) of tap t = fy * 3 + fx
  uint32_t odd[9];   // (w1, w3)
};

// A pixel whose 3x3 window (dilation 1) lies wholly inside the image: nine straight taps from
// `x`, its top-left input pixel at the run's first channel.
[[gnu::always_inline]] inline Sums4 Interior3x3(const int8_t* x, ptrdiff_t channels,
                                                ptrdiff_t row_step, const Unpacked3x3& w,
                                                uint32_t offset_pair) {
  Sums4 sums = {0, 0, 0, 0};
#if defined(__ARM_FEATURE_DSP)
  // Written out: GCC spills this window's 13 live values; here each tap is 9 instructions
  // (the weights at fixed offsets in `w`: even[t] at 4t, odd[t] at 36 + 4t).
  static_assert(sizeof(Unpacked3x3) == 72, "asm offsets assume even[9] then odd[9]");
  const ptrdiff_t row_rest = row_step - channels;  // from the middle tap to the next row
  uint32_t t0, t1, w0, w1;
  // One tap: the four input bytes at X widened with the offset, against the weight pairs at
  // byte offsets EVEN and ODD of `w`.
  // clang-format off
#define ARENASTORE_DSP_TAP(X, EVEN, ODD)          \
  "ldr %[t0], " X "\n\t"                          \
  "ldr %[w0], [%[w], #" EVEN "]\n\t"              \
  "ldr %[w1], [%[w], #" ODD "]\n\t"               \
  "sxtab16 %[t1], %[offset], %[t0]\n\t"           \
  "sxtab16 %[t0], %[offset], %[t0], ror #8\n\t"   \
  "smlabb %[s0], %[t1], %[w0], %[s0]\n\t"         \
  "smlatt %[s2], %[t1], %[w0], %[s2]\n\t"         \
  "smlabb %[s1], %[t0], %[w1], %[s1]\n\t"         \
  "smlatt %[s3], %[t0], %[w1], %[s3]\n\t"
  // clang-format on
  __asm__(
      ARENASTORE_DSP_TAP("[%[x]]", "0", "36")
      ARENASTORE_DSP_TAP("[%[x], %[channels]]", "4", "40")
      "add %[x], %[x], %[channels]\n\t"
      ARENASTORE_DSP_TAP("[%[x], %[channels]]", "8", "44")
      "add %[x], %[x], %[row_rest]\n\t"
      ARENASTORE_DSP_TAP("[%[x]]", "12", "48")
      ARENASTORE_DSP_TAP("[%[x], %[channels]]", "16", "52")
      "add %[x], %[x], %[channels]\n\t"
      ARENASTORE_DSP_TAP("[%[x], %[channels]]", "20", "56")
      "add %[x], %[x], %[row_rest]\n\t"
      ARENASTORE_DSP_TAP("[%[x]]", "24", "60")
      ARENASTORE_DSP_TAP("[%[x], %[channels]]", "28", "64")
      "add %[x], %[x], %[channels]\n\t"
      ARENASTORE_DSP_TAP("[%[x], %[channels]]", "32", "68")
      : [s0] "+r"(sums.s0), [s1] "+r"(sums.s1), [s2] "+r"(sums.s2), [s3] "+r"(sums.s3), [x] "+r"(x),
        [t0] "=&r"(t0), [t1] "=&r"(t1), [w0] "=&r"(w0), [w1] "=&r"(w1)
      : [w] "r"(&w), [channels] "r"(channels), [row_rest] "r"(row_rest), [offset] "r"(offset_pair)
      : "memory");
#undef ARENASTORE_DSP_TAP
#else
  const int8_t* row1 = x + row_step;
  const int8_t* row2 = row1 + row_step;
  Accumulate4(LoadWord(x), offset_pair, w.even[0], w.odd[0], &sums);
  Accumulate4(LoadWord(x + channels), offset_pair, w.even[1], w.odd[1], &sums);
  Accumulate4(LoadWord(x + 2 * channels), offset_pair, w.even[2], w.odd[2], &sums);
  Accumulate4(LoadWord(row1), offset_pair, w.even[3], w.odd[3], &sums);
  Accumulate4(LoadWord(row1 + channels), offset_pair, w.even[4], w.odd[4], &sums);
  Accumulate4(LoadWord(row1 + 2 * channels), offset_pair, w.even[5], w.odd[5], &sums);
  Accumulate4(LoadWord(row2), offset_pair, w.even[6], w.odd[6], &sums);
  Accumulate4(LoadWord(row2 + channels), offset_pair, w.even[7], w.odd[7], &sums);
  Accumulate4(LoadWord(row2 + 2 * channels), offset_pair, w.even[8], w.odd[8], &sums);
#endif
  return sums;
}

// A row's run of `count` interior pixels, `x` stepping by `x_step`. Out of line on purpose: in
// its own function the run keeps its accumulators and pointers in registers.
template <bool kFullRange, bool kShortShift>
[[gnu::noinline]] void InteriorRun(const int8_t* x, ptrdiff_t x_step, int32_t count,
                                   ptrdiff_t channels, ptrdiff_t row_step, const Unpacked3x3& w,
                                   const LaneScales& lanes, const OutputRange& range,
                                   uint32_t offset_pair, int8_t* out) {
  for (int32_t i = 0; i < count; ++i) {
    StoreWord(out, RequantizeSums4<kFullRange, kShortShift>(
                       Interior3x3(x, channels, row_step, w, offset_pair), lanes, range));
    out += channels;
    x += x_step;
  }
}

// A border pixel of a 3x3 filter (dilation 1): the in-bounds taps only, from `x`, the input
// pixel of tap (rows.begin, cols.begin) at the run's first channel.
Sums4 Border3x3(const int8_t* x, ptrdiff_t channels, ptrdiff_t row_step, TapRange rows,
                TapRange cols, const Unpacked3x3& w, uint32_t offset_pair) {
  Sums4 sums = {0, 0, 0, 0};
  for (int32_t fy = rows.begin; fy < rows.end; ++fy) {
    const int8_t* tap = x;
    for (int32_t fx = cols.begin; fx < cols.end; ++fx) {
      Accumulate4(LoadWord(tap), offset_pair, w.even[fy * 3 + fx], w.odd[fy * 3 + fx], &sums);
      tap += channels;
    }
    x += row_step;
  }
  return sums;
}

// Any filter size and dilation: the in-bounds taps only, weights read from the filter.
Sums4 AnyTaps(const DepthwiseConv2dParams& p, const int8_t* x, const int8_t* w, TapRange rows,
              TapRange cols, uint32_t offset_pair) {
  const ptrdiff_t channels = p.output_c;
  const ptrdiff_t input_row_step = static_cast<ptrdiff_t>(p.dilation_h) * p.input_w * channels;
  const ptrdiff_t input_tap_step = static_cast<ptrdiff_t>(p.dilation_w) * channels;
  const ptrdiff_t filter_row_step = static_cast<ptrdiff_t>(p.filter_w) * channels;
  Sums4 sums = {0, 0, 0, 0};
  for (int32_t fy = rows.begin; fy < rows.end; ++fy) {
    const int8_t* input_tap = x;
    const int8_t* filter_tap = w;
    for (int32_t fx = cols.begin; fx < cols.end; ++fx) {
      const uint32_t weights = LoadWord(filter_tap);
      Accumulate4(LoadWord(input_tap), offset_pair, Sxtb16(weights), Sxtb16High(weights), &sums);
      input_tap += input_tap_step;
      filter_tap += channels;
    }
    x += input_row_step;
    w += filter_row_step;
  }
  return sums;
}

// Depth multiplier 1 straight from the input, one run of four channels over the whole image
// at a time: the run's output stage (and, for 3x3, its weights) is prepared once, and each
// pixel finds its in-bounds taps once, so no tap is bounds-checked.
void DepthOneImage(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                   const int32_t* bias, int8_t* output) {
  const int32_t channels = p.output_c;
  const ptrdiff_t row_step = static_cast<ptrdiff_t>(p.input_w) * channels;
  const uint32_t offset_pair = PackPair(-p.input_zero_point, -p.input_zero_point);
  const OutputRange range = {p.output_zero_point, p.activation_min, p.activation_max};
  const bool full_range = IsFullInt8Range(p.activation_min, p.activation_max);
  const bool plain3x3 =
      p.filter_h == 3 && p.filter_w == 3 && p.dilation_h == 1 && p.dilation_w == 1;
  // The output columns [begin, end) whose 3x3 window lies inside the image's width.
  TapRange interior = {0, 0};
  if (plain3x3) {
    const int32_t last_origin = p.input_w - 3 + p.pad_left;  // of the last whole window
    interior.begin = (p.pad_left + p.stride_w - 1) / p.stride_w;
    interior.end = last_origin >= 0 ? last_origin / p.stride_w + 1 : 0;
    if (interior.begin > p.output_w) interior.begin = p.output_w;
    if (interior.end > p.output_w) interior.end = p.output_w;
    if (interior.end < interior.begin) interior.end = interior.begin;
  }
  int32_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    const LaneScales lanes = LaneScalesOf(p, bias, c);
    const bool short_shift =
        HasShortRightShift(lanes.scale[0]) && HasShortRightShift(lanes.scale[1]) &&
        HasShortRightShift(lanes.scale[2]) && HasShortRightShift(lanes.scale[3]);
    Unpacked3x3 unpacked = {};
    if (plain3x3) {
      for (int32_t t = 0; t < 9; ++t) {
        const uint32_t weights = LoadWord(filter + static_cast<ptrdiff_t>(t) * channels + c);
        unpacked.even[t] = Sxtb16(weights);
        unpacked.odd[t] = Sxtb16High(weights);
      }
    }
    int8_t* out = output + c;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      const int32_t origin_y = out_y * p.stride_h - p.pad_top;
      const TapRange rows = ref::FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h);
      auto any_pixel = [&](int32_t out_x) {
        const int32_t origin_x = out_x * p.stride_w - p.pad_left;
        const TapRange cols = ref::FilterTapsInside(origin_x, p.dilation_w, p.filter_w, p.input_w);
        Sums4 sums = {0, 0, 0, 0};
        if (rows.begin < rows.end && cols.begin < cols.end) {
          const int8_t* x =
              image +
              (static_cast<ptrdiff_t>(origin_y + rows.begin * p.dilation_h) * p.input_w + origin_x +
               cols.begin * p.dilation_w) *
                  channels +
              c;
          if (!plain3x3) {
            const int8_t* w =
                filter + (static_cast<ptrdiff_t>(rows.begin) * p.filter_w + cols.begin) * channels +
                c;
            sums = AnyTaps(p, x, w, rows, cols, offset_pair);
          } else if (rows.end - rows.begin == 3 && cols.end - cols.begin == 3) {
            sums = Interior3x3(x, channels, row_step, unpacked, offset_pair);
          } else {
            sums = Border3x3(x, channels, row_step, rows, cols, unpacked, offset_pair);
          }
        }
        // The shortcuts as in InteriorRun, chosen per pixel (a border pixel is rarer).
        uint32_t packed;
        if (full_range && short_shift) {
          packed = RequantizeSums4<true, true>(sums, lanes, range);
        } else if (full_range) {
          packed = RequantizeSums4<true, false>(sums, lanes, range);
        } else {
          packed = RequantizeSums4(sums, lanes, range);
        }
        StoreWord(out, packed);
        out += channels;
      };
      int32_t out_x = 0;
      if (plain3x3 && rows.begin == 0 && rows.end == 3 && interior.begin < interior.end) {
        for (; out_x < interior.begin; ++out_x) any_pixel(out_x);
        // The row's interior run: whole windows, the input pointer stepping by the stride.
        const int8_t* x = image +
                          (static_cast<ptrdiff_t>(origin_y) * p.input_w +
                           interior.begin * p.stride_w - p.pad_left) *
                              channels +
                          c;
        const ptrdiff_t x_step = static_cast<ptrdiff_t>(p.stride_w) * channels;
        const int32_t run = interior.end - interior.begin;
        if (full_range && short_shift) {
          InteriorRun<true, true>(x, x_step, run, channels, row_step, unpacked, lanes, range,
                                  offset_pair, out);
        } else if (full_range) {
          InteriorRun<true, false>(x, x_step, run, channels, row_step, unpacked, lanes, range,
                                   offset_pair, out);
        } else if (short_shift) {
          InteriorRun<false, true>(x, x_step, run, channels, row_step, unpacked, lanes, range,
                                   offset_pair, out);
        } else {
          InteriorRun<false, false>(x, x_step, run, channels, row_step, unpacked, lanes, range,
                                    offset_pair, out);
        }
        out += static_cast<ptrdiff_t>(interior.end - interior.begin) * channels;
        out_x = interior.end;
      }
      for (; out_x < p.output_w; ++out_x) any_pixel(out_x);
    }
  }
  if (c == channels) return;
  for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
    for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
      const Window window = WindowOf(p, out_y, out_x);
      int8_t* out = output + (static_cast<ptrdiff_t>(out_y) * p.output_w + out_x) * channels;
      for (int32_t k = c; k < channels; ++k) {
        out[k] = Requantize(p, bias, k, DirectChannel(p, image, filter, window, k));
      }
    }
  }
}

// One input channel and a depth multiplier above 1 (micro_speech's 10x8 layer, multiplier 8) is a
// regular convolution over the output channels. Four output channels at a time, each input value
// meets one weight word (the four channels of its tap, unpacked into two pairs): SMLABB/SMLABT
// per product. Where the stride is 2 along rows without dilation (micro_speech), two neighbouring
// output pixels run together: one input word holds tap t of both pixels two bytes apart, so one
// SXTAB16 yields both pixels' (x + offset) and each weight word unpacked once serves both.
struct OneChannelSteps {
  ptrdiff_t input_row, input_column, weight_row, weight_column;
  int32_t offset;  // -input_zero_point
};

// Four channels' sums of one pixel over `rows` x `columns` inside taps from `x` and `w`.
[[gnu::noinline]] Sums4 OneChannelPixel(const int8_t* x, const int8_t* w, int32_t rows,
                                        int32_t columns, const OneChannelSteps& steps) {
  int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const ptrdiff_t input_column = steps.input_column;
  const ptrdiff_t weight_column = steps.weight_column;
  const int32_t offset = steps.offset;
  for (int32_t ty = 0; ty < rows; ++ty) {
    const int8_t* x_in = x;
    const int8_t* taps = w;
    for (int32_t tx = 0; tx < columns; ++tx) {
      const auto value = static_cast<uint32_t>(*x_in + offset);
      const uint32_t weights = LoadWord(taps);
      const uint32_t even = Sxtb16(weights);
      const uint32_t odd = Sxtb16High(weights);
      s0 = Smlabb(value, even, s0);
      s2 = Smlabt(value, even, s2);
      s1 = Smlabb(value, odd, s1);
      s3 = Smlabt(value, odd, s3);
      x_in += input_column;
      taps += weight_column;
    }
    x += steps.input_row;
    w += steps.weight_row;
  }
  return {s0, s1, s2, s3};
}

struct PairSums {
  Sums4 first, second;
};

// Both pixels' products of one tap: `pair` holds (x + offset) of the first pixel low and of the
// second high; `weights` the tap's four channels.
[[gnu::always_inline]] inline void AccumulatePair(uint32_t pair, uint32_t weights, Sums4* a,
                                                  Sums4* b) {
  const uint32_t even = Sxtb16(weights);
  const uint32_t odd = Sxtb16High(weights);
  a->s0 = Smlabb(pair, even, a->s0);
  a->s2 = Smlabt(pair, even, a->s2);
  b->s0 = Smlabt(even, pair, b->s0);
  b->s2 = Smlatt(pair, even, b->s2);
  a->s1 = Smlabb(pair, odd, a->s1);
  a->s3 = Smlabt(pair, odd, a->s3);
  b->s1 = Smlabt(odd, pair, b->s1);
  b->s3 = Smlatt(pair, odd, b->s3);
}

// Two output pixels two input columns apart (stride 2, no dilation), every column of both
// windows inside the input: taps t and t + 1 of both from the word at x + t. kMultiplier: the
// multiplier (the weights' step along a row) as a constant when it is 8, else 0 (read from
// `steps`); the constant frees the register its step would hold, and the eight sums keep theirs.
template <int32_t kMultiplier>
[[gnu::noinline]] PairSums OneChannelPair(const int8_t* x, const int8_t* w, int32_t rows,
                                          int32_t columns, const OneChannelSteps& steps) {
  Sums4 a = {0, 0, 0, 0}, b = {0, 0, 0, 0};
  const ptrdiff_t weight_column = kMultiplier > 0 ? kMultiplier : steps.weight_column;
  const uint32_t offset_pair = PackPair(steps.offset, steps.offset);
  for (int32_t ty = 0; ty < rows; ++ty) {
    const int8_t* x_in = x;
    const int8_t* taps = w;
    int32_t tx = 0;
    for (; tx + 2 <= columns; tx += 2) {
      // Bytes x[t], x[t + 1], x[t + 2], x[t + 3]: all inside taps of the two windows.
      const uint32_t word = LoadWord(x_in);
      AccumulatePair(Sxtab16(offset_pair, word), LoadWord(taps), &a, &b);
      AccumulatePair(Sxtab16High(offset_pair, word), LoadWord(taps + weight_column), &a, &b);
      x_in += 2;
      taps += 2 * weight_column;
    }
    if (tx < columns) {  // the last tap of an odd width: x[t + 3] may lie past the input
      AccumulatePair(PackPair(x_in[0] + steps.offset, x_in[2] + steps.offset), LoadWord(taps), &a,
                     &b);
    }
    x += steps.input_row;
    w += steps.weight_row;
  }
  return {a, b};
}

// The output stage of one run of four channels, prepared once per run: a pixel's four sums
// requantized and packed into one word (the shortcuts of RequantizeSums4 chosen once).
struct RunOutput {
  LaneScales lanes;
  OutputRange range;
  bool full_range, short_shift;

  uint32_t Pack(const Sums4& sums) const {
    if (full_range && short_shift) return RequantizeSums4<true, true>(sums, lanes, range);
    if (full_range) return RequantizeSums4<true, false>(sums, lanes, range);
    if (short_shift) return RequantizeSums4<false, true>(sums, lanes, range);
    return RequantizeSums4(sums, lanes, range);
  }
};

RunOutput RunOutputOf(const DepthwiseConv2dParams& p, const int32_t* bias, int32_t c) {
  RunOutput run;
  run.lanes = LaneScalesOf(p, bias, c);
  run.range = {p.output_zero_point, p.activation_min, p.activation_max};
  run.full_range = IsFullInt8Range(p.activation_min, p.activation_max);
  run.short_shift =
      HasShortRightShift(run.lanes.scale[0]) && HasShortRightShift(run.lanes.scale[1]) &&
      HasShortRightShift(run.lanes.scale[2]) && HasShortRightShift(run.lanes.scale[3]);
  return run;
}

// One run of four channels [c, c + 4) over the whole image, its output stage prepared once.
void OneChannelRun(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                   const int32_t* bias, int32_t c, int8_t* output) {
  const int32_t channels = p.output_c;
  const OneChannelSteps steps = {static_cast<ptrdiff_t>(p.dilation_h) * p.input_w, p.dilation_w,
                                 static_cast<ptrdiff_t>(p.filter_w) * channels, channels,
                                 -p.input_zero_point};
  const RunOutput run = RunOutputOf(p, bias, c);
  const bool pairs = p.stride_w == 2 && p.dilation_w == 1;
  // The output columns [first_whole, end_whole) whose window lies wholly inside the input's
  // width: their columns need no search (FilterTapsInside divides).
  const int32_t span = (p.filter_w - 1) * p.dilation_w + 1;
  const int32_t first_whole = (p.pad_left + p.stride_w - 1) / p.stride_w;
  const int32_t room = p.input_w - span + p.pad_left;  // the last whole window's origin + pad
  const int32_t end_whole = room >= 0 ? room / p.stride_w + 1 : 0;
  for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
    const int32_t origin_y = out_y * p.stride_h - p.pad_top;
    const TapRange rows = ref::FilterTapsInside(origin_y, p.dilation_h, p.filter_h, p.input_h);
    int8_t* row_output = output + static_cast<ptrdiff_t>(out_y) * p.output_w * channels + c;
    for (int32_t out_x = 0; out_x < p.output_w;) {
      const int32_t origin_x = out_x * p.stride_w - p.pad_left;
      const bool whole = out_x >= first_whole && out_x < end_whole;
      const TapRange cols =
          whole ? TapRange{0, p.filter_w}
                : ref::FilterTapsInside(origin_x, p.dilation_w, p.filter_w, p.input_w);
      const int8_t* x = image;
      const int8_t* w = filter + c;
      int32_t row_count = 0;
      if (!rows.Empty() && !cols.Empty()) {
        x = image + static_cast<ptrdiff_t>(origin_y + rows.begin * p.dilation_h) * p.input_w +
            origin_x + cols.begin * p.dilation_w;
        w += (static_cast<ptrdiff_t>(rows.begin) * p.filter_w + cols.begin) * channels;
        row_count = rows.end - rows.begin;
      }
      const int32_t column_count = cols.end - cols.begin;
      int8_t* out = row_output + static_cast<ptrdiff_t>(out_x) * channels;
      // The next pixel's window starts two input columns on; both whole along the row.
      if (pairs && whole && out_x + 1 < end_whole && out_x + 1 < p.output_w) {
        const PairSums sums = channels == 8
                                  ? OneChannelPair<8>(x, w, row_count, column_count, steps)
                                  : OneChannelPair<0>(x, w, row_count, column_count, steps);
        StoreWord(out, run.Pack(sums.first));
        StoreWord(out + channels, run.Pack(sums.second));
        out_x += 2;
        continue;
      }
      StoreWord(out, run.Pack(OneChannelPixel(x, w, row_count, column_count, steps)));
      ++out_x;
    }
  }
}

// Runs of four channels, then any channels left one at a time.
void OneChannelImage(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                     const int32_t* bias, int8_t* output) {
  const int32_t channels = p.output_c;
  int32_t c = 0;
  for (; c + 4 <= channels; c += 4) OneChannelRun(p, image, filter, bias, c, output);
  if (c == channels) return;
  for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
    for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
      const Window window = WindowOf(p, out_y, out_x);
      int8_t* out = output + (static_cast<ptrdiff_t>(out_y) * p.output_w + out_x) * channels;
      for (int32_t k = c; k < channels; ++k) {
        out[k] = Requantize(p, bias, k, DirectChannel(p, image, filter, window, k));
      }
    }
  }
}

// How many output channels from c on one step computes for a depth multiplier above 1: 8 or 4
// of one input channel, else 1.
int32_t ChannelsPerStep(const DepthwiseConv2dParams& p, int32_t c) {
  const int32_t left_in_channel = p.depth_multiplier - c % p.depth_multiplier;
  if (left_in_channel >= 8) return 8;
  return left_in_channel >= 4 ? 4 : 1;
}

// Depth multiplier above 1 (and every dilated filter): eight or four output channels of one
// input channel per step, where they fit.
void DirectPixel(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                 const int32_t* bias, Window window, int8_t* output) {
  const TapRange rows = ref::FilterTapsInside(window.origin_y, p.dilation_h, p.filter_h, p.input_h);
  const TapRange columns =
      ref::FilterTapsInside(window.origin_x, p.dilation_w, p.filter_w, p.input_w);
  for (int32_t c = 0; c < p.output_c;) {
    const int32_t step = p.depth_multiplier == 1 ? 1 : ChannelsPerStep(p, c);
    int32_t sums[8];
    if (step == 8) {
      MultipliedChannels<8>(p, image, filter, window, rows, columns, c, sums);
    } else if (step == 4) {
      MultipliedChannels<4>(p, image, filter, window, rows, columns, c, sums);
    } else {
      sums[0] = DirectChannel(p, image, filter, window, c);
    }
    for (int32_t k = 0; k < step; ++k) output[c + k] = Requantize(p, bias, c + k, sums[k]);
    c += step;
  }
}

// The window of one output pixel as int16 [tap][channel] with the offset added (padding 0),
// each run of four channels stored v0, v2, v1, v3 to meet SXTB16's (w0, w2), (w1, w3).
void FillWindow(const DepthwiseConv2dParams& p, const int8_t* image, Window window,
                int16_t* buffer) {
  const int32_t offset = -p.input_zero_point;
  const int32_t channels = p.input_c;
  const int32_t whole_runs = channels / 4 * 4;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int8_t* pixel = TapPixel(p, image, window, fy, fx);
      int16_t* tap = buffer + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * channels;
      if (pixel == nullptr) {
        for (int32_t c = 0; c < channels; ++c) tap[c] = 0;
        continue;
      }
      for (int32_t c = 0; c < whole_runs; c += 4) {
        tap[c] = static_cast<int16_t>(pixel[c] + offset);
        tap[c + 1] = static_cast<int16_t>(pixel[c + 2] + offset);
        tap[c + 2] = static_cast<int16_t>(pixel[c + 1] + offset);
        tap[c + 3] = static_cast<int16_t>(pixel[c + 3] + offset);
      }
      for (int32_t c = whole_runs; c < channels; ++c)
        tap[c] = static_cast<int16_t>(pixel[c] + offset);
    }
  }
}

void BufferedPixel(const DepthwiseConv2dParams& p, const int16_t* buffer, const int8_t* filter,
                   const int32_t* bias, int8_t* output) {
  const int32_t taps = p.filter_h * p.filter_w;
  const int32_t channels = p.output_c;
  int32_t c = 0;
  for (; c + 4 <= channels; c += 4) {
    Accumulators acc = {{0, 0, 0, 0}};
    for (int32_t t = 0; t < taps; ++t) {
      const int16_t* x = buffer + static_cast<ptrdiff_t>(t) * channels + c;
      MultiplyAccumulate4(LoadWord(x), LoadWord(x + 2),
                          LoadWord(filter + static_cast<ptrdiff_t>(t) * channels + c), &acc);
    }
    for (int32_t k = 0; k < 4; ++k) output[c + k] = Requantize(p, bias, c + k, acc.lane[k]);
  }
  for (; c < channels; ++c) {
    int32_t sum = 0;
    for (int32_t t = 0; t < taps; ++t) {
      sum += buffer[static_cast<ptrdiff_t>(t) * channels + c] *
             filter[static_cast<ptrdiff_t>(t) * channels + c];
    }
    output[c] = Requantize(p, bias, c, sum);
  }
}

}  // namespace

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params) {
  if (!UsesWindowBuffer(params)) return 0;
  // Lowered dims are positive (a kernel refuses others), their product a tensor's element
  // count: 32-bit, as the gate pays for every instruction here.
  return sizeof(int16_t) * uint32_t(params.input_c) * uint32_t(params.filter_h) *
         uint32_t(params.filter_w);
}

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  const DepthwiseConv2dParams& p = params;
  if (p.output_c == 0) return Status::Ok();
  const bool buffered = UsesWindowBuffer(p);
  if (buffered) ARENASTORE_RETURN_IF_ERROR(ref::CheckInt32Aligned(scratch.data(), kName));
  auto* buffer = reinterpret_cast<int16_t*>(scratch.data());
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(p.output_h) * p.output_w * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    if (!buffered && p.depth_multiplier == 1) {
      DepthOneImage(p, image, filter, bias, output);
      output += output_elements;
      continue;
    }
    if (p.input_c == 1 && p.depth_multiplier > 1) {
      OneChannelImage(p, image, filter, bias, output);
      output += output_elements;
      continue;
    }
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
        const Window window = WindowOf(p, out_y, out_x);
        if (buffered) {
          FillWindow(p, image, window, buffer);
          BufferedPixel(p, buffer, filter, bias, output);
        } else {
          DirectPixel(p, image, filter, bias, window, output);
        }
        output += p.output_c;
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
