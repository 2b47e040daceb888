#include "ops/conv2d/arm_dsp.h"

#include "kernels/arm_dsp/requantize_dsp.h"
#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"
#include "ops/conv2d/pixel_walk.h"
#include "ops/conv2d/ref.h"

namespace arenastore::kernels::arm_dsp {
namespace {

constexpr const char* kName = "conv2d/arm_dsp";

size_t AlignUp4(size_t value) { return (value + 3) / 4 * 4; }

// One output pixel's window, for one group, as int16 with the input offset added (so padding is
// 0), each run of four taps stored as v0, v2, v1, v3: then one word holds the pair that meets
// SXTB16(weights) = (w0, w2) and the next the pair that meets (w1, w3).
void FillInt16Row(const Conv2dParams& p, const int8_t* image, int32_t pixel, int32_t group,
                  int16_t* row) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t origin_y = pixel / p.output_w * p.stride_h - p.pad_top;
  const int32_t origin_x = pixel % p.output_w * p.stride_w - p.pad_left;
  const int32_t offset = -p.input_zero_point;
  int16_t* out = row;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t in_y = origin_y + fy * p.dilation_h;
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t in_x = origin_x + fx * p.dilation_w;
      if (in_y < 0 || in_y >= p.input_h || in_x < 0 || in_x >= p.input_w) {
        for (int32_t c = 0; c < group_c; ++c) *out++ = 0;
        continue;
      }
      const int8_t* source =
          image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c + group * group_c;
      for (int32_t c = 0; c < group_c; ++c) *out++ = static_cast<int16_t>(source[c] + offset);
    }
  }
  const ptrdiff_t whole_runs = (out - row) / 4 * 4;
  for (ptrdiff_t k = 0; k < whole_runs; k += 4) {
    const int16_t second = row[k + 1];
    row[k + 1] = row[k + 2];
    row[k + 2] = second;
  }
}

struct PairSums {
  int32_t first;
  int32_t second;
};

// Dot products of two permuted int16 rows with one int8 weight row, four taps per step.
PairSums DotInt16Rows(const int16_t* row0, const int16_t* row1, const int8_t* weights,
                      int32_t count) {
  PairSums sums = {0, 0};
  int32_t k = 0;
  for (; k + 4 <= count; k += 4) {
    const uint32_t w = LoadWord(weights + k);
    const uint32_t w_even = Sxtb16(w);
    const uint32_t w_odd = Sxtb16High(w);
    sums.first = Smlad(w_even, LoadWord(row0 + k), sums.first);
    sums.first = Smlad(w_odd, LoadWord(row0 + k + 2), sums.first);
    sums.second = Smlad(w_even, LoadWord(row1 + k), sums.second);
    sums.second = Smlad(w_odd, LoadWord(row1 + k + 2), sums.second);
  }
  for (; k < count; ++k) {
    sums.first += row0[k] * weights[k];
    sums.second += row1[k] * weights[k];
  }
  return sums;
}

// DotInt16Rows for two weight rows at once (w1 = w0 + count): each permuted int16 pair is
// loaded once for both, 2x2 register blocking. Returns {row0 . w0, row1 . w0} in `first` and
// {row0 . w1, row1 . w1} in `second`.
struct QuadSums {
  PairSums first, second;
};

QuadSums DotInt16Rows2x2(const int16_t* row0, const int16_t* row1, const int8_t* w0,
                         int32_t count) {
  const int8_t* w1 = w0 + count;
  int32_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;  // a: row0, b: row1; 0: w0, 1: w1
  int32_t k = 0;
#if defined(__ARM_FEATURE_DSP)
  // Written out: fourteen live values, which GCC would spill. 20 instructions per 16 MACs.
  if (count >= 4) {
    k = count / 4 * 4;
    const int8_t* const w_end = w0 + k;
    const int16_t* r0 = row0;
    const int16_t* r1 = row1;
    const int8_t* w = w0;
    const ptrdiff_t stride = count;
    uint32_t t0, t1, t2, t3, t4;
    __asm__ volatile(
        "1:\n\t"
        "ldr %[t4], [%[w], %[stride]]\n\t"
        "ldr %[t0], [%[w]], #4\n\t"
        "sxtb16 %[t1], %[t0]\n\t"
        "sxtb16 %[t0], %[t0], ror #8\n\t"
        "sxtb16 %[t3], %[t4]\n\t"
        "sxtb16 %[t4], %[t4], ror #8\n\t"
        "ldr %[t2], [%[r0]], #4\n\t"
        "smlad %[a0], %[t2], %[t1], %[a0]\n\t"
        "smlad %[a1], %[t2], %[t3], %[a1]\n\t"
        "ldr %[t2], [%[r0]], #4\n\t"
        "smlad %[a0], %[t2], %[t0], %[a0]\n\t"
        "smlad %[a1], %[t2], %[t4], %[a1]\n\t"
        "ldr %[t2], [%[r1]], #4\n\t"
        "smlad %[b0], %[t2], %[t1], %[b0]\n\t"
        "smlad %[b1], %[t2], %[t3], %[b1]\n\t"
        "ldr %[t2], [%[r1]], #4\n\t"
        "smlad %[b0], %[t2], %[t0], %[b0]\n\t"
        "smlad %[b1], %[t2], %[t4], %[b1]\n\t"
        "cmp %[w], %[end]\n\t"
        "bne 1b\n\t"
        : [a0] "+r"(a0), [a1] "+r"(a1), [b0] "+r"(b0), [b1] "+r"(b1), [r0] "+r"(r0), [r1] "+r"(r1),
          [w] "+r"(w), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
          [t4] "=&r"(t4)
        : [stride] "r"(stride), [end] "r"(w_end)
        : "cc", "memory");
  }
#else
  for (; k + 4 <= count; k += 4) {
    const uint32_t wa = LoadWord(w0 + k);
    const uint32_t wb = LoadWord(w1 + k);
    const uint32_t wa_even = Sxtb16(wa);
    const uint32_t wa_odd = Sxtb16High(wa);
    const uint32_t wb_even = Sxtb16(wb);
    const uint32_t wb_odd = Sxtb16High(wb);
    const uint32_t x0_even = LoadWord(row0 + k);
    const uint32_t x0_odd = LoadWord(row0 + k + 2);
    const uint32_t x1_even = LoadWord(row1 + k);
    const uint32_t x1_odd = LoadWord(row1 + k + 2);
    a0 = Smlad(x0_odd, wa_odd, Smlad(x0_even, wa_even, a0));
    a1 = Smlad(x0_odd, wb_odd, Smlad(x0_even, wb_even, a1));
    b0 = Smlad(x1_odd, wa_odd, Smlad(x1_even, wa_even, b0));
    b1 = Smlad(x1_odd, wb_odd, Smlad(x1_even, wb_even, b1));
  }
#endif
  for (; k < count; ++k) {
    a0 += row0[k] * w0[k];
    a1 += row0[k] * w1[k];
    b0 += row1[k] * w0[k];
    b1 += row1[k] * w1[k];
  }
  return {{a0, b0}, {a1, b1}};
}

struct PixelPair {
  int32_t first;    // flattened output pixel index (y * output_w + x)
  bool has_second;  // first + 1 is also computed
};

// OutputOf with the activation range known at compile time to be all of int8 or not, and
// (kShortShift) the channel's right shift in 1..23, for ScaleForInt8Output.
template <bool kFullRange, bool kShortShift>
int8_t RangedOutputOf(int32_t sum, const ChannelScale& scale, const Conv2dParams& p) {
  const int32_t scaled =
      kShortShift ? ScaleForInt8Output(sum, scale) : ScaleAccumulator(sum, scale);
  if constexpr (kFullRange) {
    return static_cast<int8_t>(SaturateToInt8(WrappingAdd(scaled, p.output_zero_point)));
  } else {
    return static_cast<int8_t>(
        ToInt8Range(scaled, p.output_zero_point, p.activation_min, p.activation_max));
  }
}

// Every output channel's right shift is in 1..23 (RangedOutputOf's kShortShift).
bool AllShortRightShifts(const Conv2dParams& p) {
  for (int32_t oc = 0; oc < p.output_c; ++oc) {
    if (!HasShortRightShift(ChannelScaleOf(p.requant.multipliers[oc], p.requant.shifts[oc]))) {
      return false;
    }
  }
  return true;
}
template <bool kFullRange, bool kShortShift>
void WriteOutputs(const Conv2dParams& p, const int32_t* bias, int32_t oc, PairSums sums,
                  const PixelPair& pair, int8_t* output) {
  const int32_t b = bias != nullptr ? bias[oc] : 0;
  const ChannelScale scale = ChannelScaleOf(p.requant.multipliers[oc], p.requant.shifts[oc]);
  // Any int32 bias is valid: the add wraps, as ref's does.
  output[static_cast<ptrdiff_t>(pair.first) * p.output_c + oc] =
      RangedOutputOf<kFullRange, kShortShift>(WrappingAdd(sums.first, b), scale, p);
  if (pair.has_second) {
    output[static_cast<ptrdiff_t>(pair.first + 1) * p.output_c + oc] =
        RangedOutputOf<kFullRange, kShortShift>(WrappingAdd(sums.second, b), scale, p);
  }
}
const int8_t* DirectPixel(const Conv2dParams& p, const int8_t* image, int32_t pixel) {
  const int32_t in_y = pixel / p.output_w * p.stride_h;
  const int32_t in_x = pixel % p.output_w * p.stride_w;
  return image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
}

// Sum of one weight row, wrapping: sum((x + offset) * w) == sum(x * w) + offset * sum(w) in
// int32's wrapping arithmetic, so the offset leaves the inner loop as one per-channel term.
int32_t WeightRowSum(const int8_t* weights, int32_t count) {
  uint32_t sum = 0;
  for (int32_t k = 0; k < count; ++k) sum += static_cast<uint32_t>(int32_t{weights[k]});
  return static_cast<int32_t>(sum);
}

// Accumulators of two pixels (a, b) by two output channels (0, 1), named so they stay in
// registers.
struct Sums2x2 {
  int32_t a0, a1, b0, b1;
};

#if defined(__ARM_FEATURE_DSP)
// Dot2x2's word loop when the second pixel and the second weight row lie the same `stride`
// after the first (the stride-1 pointwise layout): written out because GCC spills one of its
// five pointers on the Cortex-M4, while this form needs exactly its fourteen registers (x and
// w post-incremented, one stride, one end). Returns the elements done (a multiple of 4).
inline int32_t Dot2x2Words(const int8_t* x, const int8_t* w, ptrdiff_t stride, int32_t count,
                           Sums2x2* sums) {
  const int32_t done = count / 4 * 4;
  if (done == 0) return 0;
  const int8_t* const x_end = x + done;
  int32_t a0 = sums->a0, a1 = sums->a1, b0 = sums->b0, b1 = sums->b1;
  uint32_t t0, t1, t2, t3, t4, t5;
  __asm__ volatile(
      "1:\n\t"
      "ldr %[t0], [%[x], %[stride]]\n\t"
      "ldr %[t1], [%[x]], #4\n\t"
      "sxtb16 %[t2], %[t1]\n\t"
      "sxtb16 %[t1], %[t1], ror #8\n\t"
      "sxtb16 %[t3], %[t0]\n\t"
      "sxtb16 %[t0], %[t0], ror #8\n\t"
      "ldr %[t4], [%[w], %[stride]]\n\t"
      "sxtb16 %[t5], %[t4]\n\t"
      "sxtb16 %[t4], %[t4], ror #8\n\t"
      "smlad %[a1], %[t2], %[t5], %[a1]\n\t"
      "smlad %[a1], %[t1], %[t4], %[a1]\n\t"
      "smlad %[b1], %[t3], %[t5], %[b1]\n\t"
      "smlad %[b1], %[t0], %[t4], %[b1]\n\t"
      "ldr %[t4], [%[w]], #4\n\t"
      "sxtb16 %[t5], %[t4]\n\t"
      "sxtb16 %[t4], %[t4], ror #8\n\t"
      "smlad %[a0], %[t2], %[t5], %[a0]\n\t"
      "smlad %[a0], %[t1], %[t4], %[a0]\n\t"
      "smlad %[b0], %[t3], %[t5], %[b0]\n\t"
      "smlad %[b0], %[t0], %[t4], %[b0]\n\t"
      "cmp %[x], %[end]\n\t"
      "bne 1b\n\t"
      : [a0] "+r"(a0), [a1] "+r"(a1), [b0] "+r"(b0), [b1] "+r"(b1), [x] "+r"(x), [w] "+r"(w),
        [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
        [t5] "=&r"(t5)
      : [stride] "r"(stride), [end] "r"(x_end)
      : "cc", "memory");
  *sums = {a0, a1, b0, b1};
  return done;
}
#endif

// sums += x * w over `count` int8 elements for pixels x_a, x_b and weight rows w0, w1: each
// loaded word is unpacked once and feeds two SMLADs per pair (2x2 register blocking).
[[gnu::always_inline]] inline Sums2x2 Dot2x2(const int8_t* x_a, const int8_t* x_b, const int8_t* w0,
                                             const int8_t* w1, int32_t count, Sums2x2 sums) {
  int32_t k = 0;
#if defined(__ARM_FEATURE_DSP)
  if (x_b - x_a == w1 - w0) k = Dot2x2Words(x_a, w0, x_b - x_a, count, &sums);
#endif
  for (; k + 4 <= count; k += 4) {
    const uint32_t xa = LoadWord(x_a + k);
    const uint32_t xb = LoadWord(x_b + k);
    const uint32_t xa_even = Sxtb16(xa);
    const uint32_t xa_odd = Sxtb16High(xa);
    const uint32_t xb_even = Sxtb16(xb);
    const uint32_t xb_odd = Sxtb16High(xb);
    const uint32_t wa = LoadWord(w0 + k);
    const uint32_t wa_even = Sxtb16(wa);
    const uint32_t wa_odd = Sxtb16High(wa);
    sums.a0 = Smlad(xa_odd, wa_odd, Smlad(xa_even, wa_even, sums.a0));
    sums.b0 = Smlad(xb_odd, wa_odd, Smlad(xb_even, wa_even, sums.b0));
    const uint32_t wb = LoadWord(w1 + k);
    const uint32_t wb_even = Sxtb16(wb);
    const uint32_t wb_odd = Sxtb16High(wb);
    sums.a1 = Smlad(xa_odd, wb_odd, Smlad(xa_even, wb_even, sums.a1));
    sums.b1 = Smlad(xb_odd, wb_odd, Smlad(xb_even, wb_even, sums.b1));
  }
  for (; k < count; ++k) {
    sums.a0 += x_a[k] * w0[k];
    sums.a1 += x_a[k] * w1[k];
    sums.b0 += x_b[k] * w0[k];
    sums.b1 += x_b[k] * w1[k];
  }
  return sums;
}

// The unpadded ungrouped 1x1 conv straight from the input: two output channels at a time over
// all pixels, two pixels per step, so each channel pair's output stage, bias and offset term
// are derived once. An odd last channel or pixel reuses the pair code on a duplicate.
template <bool kFullRange, bool kShortShift>
[[gnu::noinline]] void PointwiseImage(const Conv2dParams& p, const int8_t* image,
                                      const int8_t* filter, const int32_t* bias, int8_t* output) {
  const int32_t count = p.input_c;
  const int32_t channels = p.output_c;
  const int32_t pixels = p.output_h * p.output_w;
  const uint32_t offset = static_cast<uint32_t>(-p.input_zero_point);
  // Stride 1 over the full width: output pixel i reads input pixel i.
  const bool contiguous = p.stride_h == 1 && p.stride_w == 1 && p.output_w == p.input_w;
  for (int32_t oc = 0; oc < channels; oc += 2) {
    const bool has_second_channel = oc + 1 < channels;
    const int32_t oc1 = has_second_channel ? oc + 1 : oc;
    const int8_t* w0 = filter + static_cast<ptrdiff_t>(oc) * count;
    const int8_t* w1 = filter + static_cast<ptrdiff_t>(oc1) * count;
    const int32_t init0 =
        WrappingAdd(bias != nullptr ? bias[oc] : 0,
                    static_cast<int32_t>(offset * static_cast<uint32_t>(WeightRowSum(w0, count))));
    const int32_t init1 =
        WrappingAdd(bias != nullptr ? bias[oc1] : 0,
                    static_cast<int32_t>(offset * static_cast<uint32_t>(WeightRowSum(w1, count))));
    const ChannelScale scale0 = ChannelScaleOf(p.requant.multipliers[oc], p.requant.shifts[oc]);
    const ChannelScale scale1 = ChannelScaleOf(p.requant.multipliers[oc1], p.requant.shifts[oc1]);
    for (int32_t pixel = 0; pixel < pixels; pixel += 2) {
      const bool has_second_pixel = pixel + 1 < pixels;
      const int8_t* x_a =
          contiguous ? image + static_cast<ptrdiff_t>(pixel) * count : DirectPixel(p, image, pixel);
      const int8_t* x_b = !has_second_pixel ? x_a
                          : contiguous      ? x_a + count
                                            : DirectPixel(p, image, pixel + 1);
      const Sums2x2 sums = Dot2x2(x_a, x_b, w0, w1, count, {init0, init1, init0, init1});
      int8_t* out_a = output + static_cast<ptrdiff_t>(pixel) * channels + oc;
      out_a[0] = RangedOutputOf<kFullRange, kShortShift>(sums.a0, scale0, p);
      if (has_second_channel)
        out_a[1] = RangedOutputOf<kFullRange, kShortShift>(sums.a1, scale1, p);
      if (has_second_pixel) {
        int8_t* out_b = out_a + channels;
        out_b[0] = RangedOutputOf<kFullRange, kShortShift>(sums.b0, scale0, p);
        if (has_second_channel)
          out_b[1] = RangedOutputOf<kFullRange, kShortShift>(sums.b1, scale1, p);
      }
    }
  }
}

template <bool kFullRange, bool kShortShift>
void ConvolvePixelPair(const Conv2dParams& p, const int8_t* image, const int8_t* filter,
                       const int32_t* bias, const PixelPair& pair, int16_t* rows, int8_t* output) {
  const int32_t group_c = p.input_c / p.groups;
  const int32_t filters_per_group = p.output_c / p.groups;
  const int32_t row_elements = p.filter_h * p.filter_w * group_c;
  const int32_t second = pair.has_second ? pair.first + 1 : pair.first;
  int16_t* row0 = rows;
  int16_t* row1 = rows + AlignUp4(static_cast<size_t>(row_elements));
  for (int32_t g = 0; g < p.groups; ++g) {
    FillInt16Row(p, image, pair.first, g, row0);
    if (pair.has_second) FillInt16Row(p, image, second, g, row1);
    const int16_t* other = pair.has_second ? row1 : row0;
    int32_t oc = g * filters_per_group;
    for (; oc + 2 <= (g + 1) * filters_per_group; oc += 2) {
      const QuadSums sums = DotInt16Rows2x2(
          row0, other, filter + static_cast<ptrdiff_t>(oc) * row_elements, row_elements);
      WriteOutputs<kFullRange, kShortShift>(p, bias, oc, sums.first, pair, output);
      WriteOutputs<kFullRange, kShortShift>(p, bias, oc + 1, sums.second, pair, output);
    }
    for (; oc < (g + 1) * filters_per_group; ++oc) {
      const PairSums sums = DotInt16Rows(
          row0, other, filter + static_cast<ptrdiff_t>(oc) * row_elements, row_elements);
      WriteOutputs<kFullRange, kShortShift>(p, bias, oc, sums, pair, output);
    }
  }
}

// The im2col path over one image, two pixels at a time; out of line and instantiated per
// output-stage shortcut.
template <bool kFullRange, bool kShortShift>
[[gnu::noinline]] void Im2colImage(const Conv2dParams& p, const int8_t* image, const int8_t* filter,
                                   const int32_t* bias, int16_t* rows, int8_t* output) {
  const int32_t pixels = p.output_h * p.output_w;
  for (int32_t pixel = 0; pixel < pixels; pixel += 2) {
    const PixelPair pair = {pixel, pixel + 1 < pixels};
    ConvolvePixelPair<kFullRange, kShortShift>(p, image, filter, bias, pair, rows, output);
  }
}

// The over-input form's pass over one copied pixel `x`: sums[j] += (x[k] + offset) * row j's
// weight k for four filter rows, each word of x widened once to int16 with the input offset
// added (SXTAB16, as ref adds it: no row sums, so nothing is folded per image that a pixel would
// have to find again), each row's word then meeting it in two SMLADs. Rows 0 and 1 lie at
// w01 and w01 + stride, rows 2 and 3 at w23 and w23 + stride (a full pass of consecutive
// channels); `offset_pair` is PackPair(offset, offset).
struct FourSums {
  int32_t s0, s1, s2, s3;
};

#if defined(__ARM_FEATURE_DSP)
// The word loop written out: GCC spills on the Cortex-M4, and the fourteen registers of one load
// per weight word exceed what the link-time inliner can give here. So twelve: each x word
// widened in two halves, (x0, x2) against every row's SXTB16 pair, then (x1, x3) against the
// rows' words loaded again. 30 instructions per 16 MACs. Returns the elements done (a multiple
// of 4).
inline int32_t DotFourRowsWords(const int8_t* x, const int8_t* w01, const int8_t* w23,
                                ptrdiff_t stride, uint32_t offset_pair, int32_t count,
                                FourSums* sums) {
  const int32_t done = count / 4 * 4;
  if (done == 0) return 0;
  const int8_t* const x_end = x + done;
  int32_t a0 = sums->s0, a1 = sums->s1, a2 = sums->s2, a3 = sums->s3;
  uint32_t xs, w;
  __asm__ volatile(
      "1:\n\t"
      "ldr %[w], [%[x]]\n\t"
      "sxtab16 %[xs], %[off], %[w]\n\t"
      "ldr %[w], [%[w01], %[stride]]\n\t"
      "sxtb16 %[w], %[w]\n\t"
      "smlad %[a1], %[xs], %[w], %[a1]\n\t"
      "ldr %[w], [%[w23], %[stride]]\n\t"
      "sxtb16 %[w], %[w]\n\t"
      "smlad %[a3], %[xs], %[w], %[a3]\n\t"
      "ldr %[w], [%[w01]]\n\t"
      "sxtb16 %[w], %[w]\n\t"
      "smlad %[a0], %[xs], %[w], %[a0]\n\t"
      "ldr %[w], [%[w23]]\n\t"
      "sxtb16 %[w], %[w]\n\t"
      "smlad %[a2], %[xs], %[w], %[a2]\n\t"
      "ldr %[w], [%[x]], #4\n\t"
      "sxtab16 %[xs], %[off], %[w], ror #8\n\t"
      "ldr %[w], [%[w01], %[stride]]\n\t"
      "sxtb16 %[w], %[w], ror #8\n\t"
      "smlad %[a1], %[xs], %[w], %[a1]\n\t"
      "ldr %[w], [%[w23], %[stride]]\n\t"
      "sxtb16 %[w], %[w], ror #8\n\t"
      "smlad %[a3], %[xs], %[w], %[a3]\n\t"
      "ldr %[w], [%[w01]], #4\n\t"
      "sxtb16 %[w], %[w], ror #8\n\t"
      "smlad %[a0], %[xs], %[w], %[a0]\n\t"
      "ldr %[w], [%[w23]], #4\n\t"
      "sxtb16 %[w], %[w], ror #8\n\t"
      "smlad %[a2], %[xs], %[w], %[a2]\n\t"
      "cmp %[x], %[end]\n\t"
      "bne 1b\n\t"
      : [a0] "+r"(a0), [a1] "+r"(a1), [a2] "+r"(a2), [a3] "+r"(a3), [x] "+r"(x), [w01] "+r"(w01),
        [w23] "+r"(w23), [xs] "=&r"(xs), [w] "=&r"(w)
      : [stride] "r"(stride), [off] "r"(offset_pair), [end] "r"(x_end)
      : "cc", "memory");
  *sums = {a0, a1, a2, a3};
  return done;
}
#endif

// The same for any four rows (a short last pass repeats its last row), in C: the word loop, then
// the elements past the last whole word. Wrapping adds, as SMLAD's and ref's.
[[gnu::always_inline]] inline FourSums DotFourRows(const int8_t* x, const int8_t* const rows[4],
                                                   uint32_t offset_pair, int32_t offset,
                                                   int32_t count, int32_t from, FourSums sums) {
  int32_t k = from;
  for (; k + 4 <= count; k += 4) {
    const OffsetPairs xs = WidenWithOffset(LoadWord(x + k), offset_pair);
    const uint32_t r0 = LoadWord(rows[0] + k), r1 = LoadWord(rows[1] + k);
    const uint32_t r2 = LoadWord(rows[2] + k), r3 = LoadWord(rows[3] + k);
    sums.s0 = Smlad(xs.odd, Sxtb16High(r0), Smlad(xs.even, Sxtb16(r0), sums.s0));
    sums.s1 = Smlad(xs.odd, Sxtb16High(r1), Smlad(xs.even, Sxtb16(r1), sums.s1));
    sums.s2 = Smlad(xs.odd, Sxtb16High(r2), Smlad(xs.even, Sxtb16(r2), sums.s2));
    sums.s3 = Smlad(xs.odd, Sxtb16High(r3), Smlad(xs.even, Sxtb16(r3), sums.s3));
  }
  for (; k < count; ++k) {
    const int32_t value = x[k] + offset;
    sums.s0 = WrappingAdd(sums.s0, value * rows[0][k]);
    sums.s1 = WrappingAdd(sums.s1, value * rows[1][k]);
    sums.s2 = WrappingAdd(sums.s2, value * rows[2][k]);
    sums.s3 = WrappingAdd(sums.s3, value * rows[3][k]);
  }
  return sums;
}

// Four channels' sums from oc on, through the whole kernel's output stage (RangedOutputOf).
template <bool kFullRange, bool kShortShift>
void WriteFour(const Conv2dParams& p, int32_t oc, int32_t lanes, const FourSums& sums,
               int8_t* output) {
  const int32_t totals[4] = {sums.s0, sums.s1, sums.s2, sums.s3};
  for (int32_t j = 0; j < lanes; ++j) {
    const ChannelScale scale =
        ChannelScaleOf(p.requant.multipliers[oc + j], p.requant.shifts[oc + j]);
    output[oc + j] = RangedOutputOf<kFullRange, kShortShift>(totals[j], scale, p);
  }
}

// One pixel's output channels from its copy `x`, four per pass, each starting from its bias:
// whole passes of four consecutive rows first (the word loop's layout), then a short last pass.
template <bool kFullRange, bool kShortShift>
void PointwisePixel(const Conv2dParams& p, const int8_t* x, const int8_t* filter,
                    const int32_t* bias, int8_t* output) {
  const int32_t count = p.input_c;
  const int32_t offset = -p.input_zero_point;
  const uint32_t offset_pair = PackPair(offset, offset);
  int32_t oc = 0;
  for (; oc + 4 <= p.output_c; oc += 4) {
    const int8_t* w0 = filter + static_cast<ptrdiff_t>(oc) * count;
    FourSums sums = {0, 0, 0, 0};
    if (bias != nullptr) sums = {bias[oc], bias[oc + 1], bias[oc + 2], bias[oc + 3]};
    int32_t done = 0;
#if defined(__ARM_FEATURE_DSP)
    done = DotFourRowsWords(x, w0, w0 + 2 * count, count, offset_pair, count, &sums);
#endif
    if (done < count) {
      const int8_t* const rows[4] = {w0, w0 + count, w0 + 2 * count, w0 + 3 * count};
      sums = DotFourRows(x, rows, offset_pair, offset, count, done, sums);
    }
    WriteFour<kFullRange, kShortShift>(p, oc, 4, sums, output);
  }
  if (oc == p.output_c) return;
  const int32_t lanes = p.output_c - oc;
  const int8_t* rows[4];
  int32_t start[4];
  for (int32_t j = 0; j < 4; ++j) {
    // The short last pass repeats its last row; those sums are computed and not stored.
    const int32_t channel = oc + (j < lanes ? j : lanes - 1);
    rows[j] = filter + static_cast<ptrdiff_t>(channel) * count;
    start[j] = bias != nullptr ? bias[channel] : 0;
  }
  const FourSums sums =
      DotFourRows(x, rows, offset_pair, offset, count, 0, {start[0], start[1], start[2], start[3]});
  WriteFour<kFullRange, kShortShift>(p, oc, lanes, sums, output);
}

// The over-input form's walk over every image (pixel_walk.h), out of line and instantiated per
// output-stage shortcut; each pixel copied by words.
template <bool kFullRange, bool kShortShift>
[[gnu::noinline]] void PointwiseOverInput(const Conv2dParams& p, const int8_t* input,
                                          const int8_t* filter, const int32_t* bias, int8_t* output,
                                          int8_t* copy) {
  WalkConv2dPixels(p, input, output, [&](const int8_t* pixel, int8_t* output_pixel) {
    int32_t c = 0;
    for (; c + 4 <= p.input_c; c += 4) StoreWord(copy + c, LoadWord(pixel + c));
    for (; c < p.input_c; ++c) copy[c] = pixel[c];
    PointwisePixel<kFullRange, kShortShift>(p, copy, filter, bias, output_pixel);
  });
}

}  // namespace

size_t Conv2dScratchBytes(const Conv2dParams& params) {
  return 2 * sizeof(int16_t) * AlignUp4(Conv2dPatchElements(params));
}

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dParams(params, kName));
  const Conv2dParams& p = params;
  const int32_t pixels = p.output_h * p.output_w;
  if (pixels == 0 || p.output_c == 0) return Status::Ok();
  // A pointwise conv with outputs past its input (no lowering makes one) gets no im2col
  // scratch: ref's walk, which clips every window, computes it.
  if (Conv2dReadsPixelsDirectly(p) && !Conv2dPixelsInside(p)) {
    return ref::Conv2d(params, input, filter, bias, output, scratch.first(0));
  }
  if (!Conv2dReadsPixelsDirectly(p))
    ARENASTORE_RETURN_IF_ERROR(ref::CheckInt32Aligned(scratch.data(), kName));
  auto* rows = reinterpret_cast<int16_t*>(scratch.data());
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(pixels) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    int8_t* image_output = output + b * output_elements;
    const bool full_range = IsFullInt8Range(p.activation_min, p.activation_max);
    const bool short_shifts = AllShortRightShifts(p);
    if (Conv2dReadsPixelsDirectly(p)) {
      if (full_range && short_shifts) {
        PointwiseImage<true, true>(p, image, filter, bias, image_output);
      } else if (full_range) {
        PointwiseImage<true, false>(p, image, filter, bias, image_output);
      } else if (short_shifts) {
        PointwiseImage<false, true>(p, image, filter, bias, image_output);
      } else {
        PointwiseImage<false, false>(p, image, filter, bias, image_output);
      }
      continue;
    }
    if (full_range && short_shifts) {
      Im2colImage<true, true>(p, image, filter, bias, rows, image_output);
    } else if (full_range) {
      Im2colImage<true, false>(p, image, filter, bias, rows, image_output);
    } else if (short_shifts) {
      Im2colImage<false, true>(p, image, filter, bias, rows, image_output);
    } else {
      Im2colImage<false, false>(p, image, filter, bias, rows, image_output);
    }
  }
  return Status::Ok();
}

Status Conv2dOverInput(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  if (!Conv2dOverPixelsApplies(params)) {
    return ref::Conv2dOverInput(params, input, filter, bias, output, scratch);
  }
  const Conv2dParams& p = params;
  ARENASTORE_RETURN_IF_ERROR(CheckConv2dPixelWalk(p, kName, scratch.size()));
  // The pixel's copy as ref makes it (its size function is the form's).
  int8_t stack_copy[kConv2dStackPixelBytes];
  int8_t* copy =
      Conv2dPixelCopyOnStack(p) ? stack_copy : reinterpret_cast<int8_t*>(scratch.data());
  const bool full_range = IsFullInt8Range(p.activation_min, p.activation_max);
  const bool short_shifts = AllShortRightShifts(p);
  if (full_range && short_shifts) {
    PointwiseOverInput<true, true>(p, input, filter, bias, output, copy);
  } else if (full_range) {
    PointwiseOverInput<true, false>(p, input, filter, bias, output, copy);
  } else if (short_shifts) {
    PointwiseOverInput<false, true>(p, input, filter, bias, output, copy);
  } else {
    PointwiseOverInput<false, false>(p, input, filter, bias, output, copy);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_dsp
