#include "ops/depthwise_conv2d/ref.h"

#include "kernels/filter_taps.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "depthwise_conv2d/ref";

// One kernel for both widths: T is the activation (int8, or int16 for 16x8) and Acc the
// accumulator and bias (int32, or int64 for 16x8). An int16 zero point is 0 (checked), so the
// offset form serves both.
//
// Output channels accumulated together per pass over a pixel's window: taps outer, channels
// inner, so the inner loop runs over contiguous memory. The block lives on the stack (256 B), not
// in planned scratch, keeping the kernel's declared scratch at 0 like TensorFlow Lite Micro's.
template <typename Acc>
constexpr int32_t kChannelBlock = 256 / sizeof(Acc);

// acc[i] += (pixel[(first + i) / depth_multiplier] - zero_point) * taps[i] for i in [0, count),
// `taps` already at output channel `first`. Multiplier 1 (nearly every model) gets a flat loop
// the compiler can vectorize.
template <typename T, typename Acc>
void AccumulateTap(const DepthwiseConv2dParams& p, const T* pixel, const int8_t* taps,
                   int32_t first, int32_t count, WrappingSum<Acc>* acc) {
  if (p.depth_multiplier == 1) {
    pixel += first;
    for (int32_t i = 0; i < count; ++i) acc[i].Add((pixel[i] - p.input_zero_point) * taps[i]);
    return;
  }
  int32_t ic = first / p.depth_multiplier;
  int32_t m = first % p.depth_multiplier;
  for (int32_t i = 0; i < count; ++i) {
    acc[i].Add((pixel[ic] - p.input_zero_point) * taps[i]);
    if (++m == p.depth_multiplier) {
      m = 0;
      ++ic;
    }
  }
}

// Sums the window's in-bounds taps of output channels [first, first + count) into acc[0, count).
template <typename T, typename Acc>
void AccumulateBlock(const DepthwiseConv2dParams& p, const FilterWindow& w, const T* image,
                     const int8_t* filter, int32_t first, int32_t count, WrappingSum<Acc>* acc) {
  for (int32_t i = 0; i < count; ++i) acc[i] = WrappingSum<Acc>();
  for (int32_t fy = w.ys.begin; fy < w.ys.end; ++fy) {
    const int32_t in_y = w.origin_y + fy * p.dilation_h;
    for (int32_t fx = w.xs.begin; fx < w.xs.end; ++fx) {
      const int32_t in_x = w.origin_x + fx * p.dilation_w;
      const T* pixel = image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
      const int8_t* taps = filter + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * p.output_c;
      AccumulateTap(p, pixel, taps + first, first, count, acc);
    }
  }
}

// Computes all output channels of one output pixel, a block of channels at a time.
template <typename T, typename Acc>
void ConvolvePixel(const DepthwiseConv2dParams& p, const FilterWindow& w, const T* image,
                   const int8_t* filter, const Acc* bias, T* output) {
  constexpr int32_t kBlock = kChannelBlock<Acc>;
  WrappingSum<Acc> acc[kBlock];
  for (int32_t first = 0; first < p.output_c; first += kBlock) {
    const int32_t count = p.output_c - first < kBlock ? p.output_c - first : kBlock;
    AccumulateBlock(p, w, image, filter, first, count, acc);
    for (int32_t i = 0; i < count; ++i) {
      const int32_t c = first + i;
      const Acc sum = bias != nullptr ? WrappingAdd(acc[i].value(), bias[c]) : acc[i].value();
      output[c] = RequantizeTo<T>(sum, p.requant.multipliers[c], p.requant.shifts[c],
                                  p.output_zero_point, p.activation_min, p.activation_max);
    }
  }
}

template <typename T, typename Acc>
void ConvolveAll(const DepthwiseConv2dParams& p, const T* input, const int8_t* filter,
                 const Acc* bias, T* output) {
  ForEachFilterWindow(p, input, output, [&](const FilterWindow& w, const T* image, T* out) {
    ConvolvePixel(p, w, image, filter, bias, out);
  });
}

// The taps of one output position along one dimension: all of them when the window lies inside
// the input (two compares, the common case), else FilterTapsInside's division.
inline FilterTaps TapsAt(int32_t origin, int32_t dilation, int32_t filter_size,
                         int32_t input_size) {
  if (origin >= 0 && origin + (filter_size - 1) * dilation < input_size) return {0, filter_size};
  return FilterTapsInside(origin, dilation, filter_size, input_size);
}

// Sum over `count` taps of (input - zero_point) * tap, the input every `input_step` bytes and
// the taps every `tap_step` (one channel's taps in the filter). Few live values, so a Cortex-M3
// keeps them all in registers.
inline void AccumulateRow(const int8_t* in, ptrdiff_t input_step, const int8_t* tap,
                          ptrdiff_t tap_step, int32_t count, int32_t zero_point,
                          WrappingSum<int32_t>* acc) {
  for (const int8_t* const end = in + count * input_step; in != end; in += input_step) {
    acc->Add((*in - zero_point) * *tap);
    tap += tap_step;
  }
}

// Output channel c of one image from its input plane (copied to `plane`, input_h x input_w):
// the whole kernel's sum over the same in-bounds taps, one channel at a time (multiplier 1).
// One channel has none of the whole kernel's channels to spread a window's cost over, so the
// rows' taps are found once per output row, the columns' by two compares away from the borders,
// and each row of taps is one tight loop.
[[gnu::noinline]] void ConvolvePlane(const DepthwiseConv2dParams& p, const int8_t* plane,
                                     const int8_t* filter, const int32_t* bias, int32_t c,
                                     int8_t* output) {
  const int32_t multiplier = p.requant.multipliers[c];
  const int32_t shift = p.requant.shifts[c];
  const int32_t bias_c = bias != nullptr ? bias[c] : 0;
  const ptrdiff_t tap_step = p.output_c;
  const ptrdiff_t row_taps_step = static_cast<ptrdiff_t>(p.filter_w) * tap_step;
  const ptrdiff_t input_row_step = static_cast<ptrdiff_t>(p.dilation_h) * p.input_w;
  const int8_t* const channel_taps = filter + c;
  int8_t* out = output + c;
  for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
    const int32_t origin_y = out_y * p.stride_h - p.pad_top;
    const FilterTaps ys = TapsAt(origin_y, p.dilation_h, p.filter_h, p.input_h);
    const int8_t* const first_row =
        plane + static_cast<ptrdiff_t>(origin_y + ys.begin * p.dilation_h) * p.input_w;
    for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
      const int32_t origin_x = out_x * p.stride_w - p.pad_left;
      const FilterTaps xs = TapsAt(origin_x, p.dilation_w, p.filter_w, p.input_w);
      const int32_t count = xs.end - xs.begin;
      const int8_t* in = first_row + origin_x + xs.begin * p.dilation_w;
      const int8_t* taps = channel_taps + ys.begin * row_taps_step + xs.begin * tap_step;
      WrappingSum<int32_t> acc;
      for (int32_t fy = ys.begin; fy < ys.end; ++fy) {
        AccumulateRow(in, p.dilation_w, taps, tap_step, count, p.input_zero_point, &acc);
        in += input_row_step;
        taps += row_taps_step;
      }
      // Adding 0 for a missing bias leaves the wrapped sum as it is.
      *out = RequantizeTo<int8_t>(WrappingAdd(acc.value(), bias_c), multiplier, shift,
                                  p.output_zero_point, p.activation_min, p.activation_max);
      out += tap_step;
    }
  }
}

}  // namespace

bool DepthwiseConv2dOverInputApplies(const DepthwiseConv2dParams& p) {
  return DepthwiseOverInputApplies(p);
}

size_t DepthwiseConv2dOverInputScratchBytes(const DepthwiseConv2dParams& p) {
  return DepthwiseOverInputPlaneBytes(p);
}

// Output pixel by output pixel when that is safe (DepthwiseOverInputWalksPixels), else channel by channel:
// every byte of output channel c lies at an offset of channel c (the output has the input's
// channel count and starts at its first byte), in this image or an earlier one, never past this
// image's input (an output image is no larger than an input image). So once input channel c of
// this image is copied to scratch, its output may overwrite it.
Status DepthwiseConv2dOverInput(const DepthwiseConv2dParams& params, const int8_t* input,
                                const int8_t* filter, const int32_t* bias, int8_t* output,
                                std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dOverInputScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  ARENASTORE_CHECK_PARAMS(kName, DepthwiseConv2dOverInputApplies(params),
                          "the over-input form needs depth multiplier 1 and an output no larger "
                          "than its input");
  if (DepthwiseOverInputWalksPixels(params)) {
    ConvolveAll(params, input, filter, bias, output);
    return Status::Ok();
  }
  auto* plane = reinterpret_cast<int8_t*>(scratch.data());
  const ptrdiff_t pixels = static_cast<ptrdiff_t>(params.input_h) * params.input_w;
  const ptrdiff_t out_image =
      static_cast<ptrdiff_t>(params.output_h) * params.output_w * params.output_c;
  for (int32_t b = 0; b < params.batches; ++b) {
    const int8_t* image = input + b * pixels * params.input_c;
    for (int32_t c = 0; c < params.input_c; ++c) {
      for (ptrdiff_t i = 0; i < pixels; ++i) plane[i] = image[i * params.input_c + c];
      ConvolvePlane(params, plane, filter, bias, c, output + b * out_image);
    }
  }
  return Status::Ok();
}

// Accumulators live on the stack (see kChannelBlock), so nothing is planned.
size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& /*params*/) { return 0; }

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  ConvolveAll(params, input, filter, bias, output);
  return Status::Ok();
}

// TensorFlow Lite Micro's 16x8 depthwise conv requests no scratch either.
size_t DepthwiseConv2dInt16ScratchBytes(const DepthwiseConv2dParams& /*params*/) { return 0; }

Status DepthwiseConv2dInt16(const DepthwiseConv2dParams& params, const int16_t* input,
                            const int8_t* filter, const int64_t* bias, int16_t* output,
                            std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dInt16ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName, KernelDtype::kInt16));
  ConvolveAll(params, input, filter, bias, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
