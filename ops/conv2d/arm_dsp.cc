#include "ops/conv2d/arm_dsp.h"

#include "kernels/arm_dsp/requantize_dsp.h"
#include "kernels/arm_dsp/simd32.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"
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

}  // namespace arenastore::kernels::arm_dsp
