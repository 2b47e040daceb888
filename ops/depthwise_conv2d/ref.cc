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

}  // namespace

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
