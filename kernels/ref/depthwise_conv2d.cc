#include "kernels/ref/depthwise_conv2d.h"

#include "kernels/ref/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "depthwise_conv2d/ref";

Status CheckDepthwiseConv2dParams(const DepthwiseConv2dParams& p) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams,
                             "%s: negative dimension or empty filter", kName);
  ARENASTORE_CHECK_OR_RETURN(
      p.stride_h >= 1 && p.stride_w >= 1 && p.dilation_h >= 1 && p.dilation_w >= 1,
      ErrorCode::kKernelInvalidParams, "%s: stride %dx%d and dilation %dx%d must be at least 1",
      kName, p.stride_h, p.stride_w, p.dilation_h, p.dilation_w);
  ARENASTORE_CHECK_OR_RETURN(
      p.depth_multiplier >= 1 && p.output_c == int64_t{p.input_c} * p.depth_multiplier,
      ErrorCode::kKernelInvalidParams,
      "%s: output channels %d != input channels %d x depth multiplier %d", kName, p.output_c,
      p.input_c, p.depth_multiplier);
  ARENASTORE_CHECK_OR_RETURN(IsInt8ZeroPoint(p.input_zero_point), ErrorCode::kKernelInvalidParams,
                             "%s: input zero point %d is not an int8", kName, p.input_zero_point);
  ARENASTORE_RETURN_IF_ERROR(
      CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, kName));
  return CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, kName);
}

// acc[c] += (pixel[c / depth_multiplier] - zero_point) * taps[c] for every output channel c.
// Multiplier 1 (nearly every model) gets a flat loop the compiler can vectorize.
void AccumulateTap(const DepthwiseConv2dParams& p, const int8_t* pixel, const int8_t* taps,
                   int32_t* acc) {
  if (p.depth_multiplier == 1) {
    for (int32_t c = 0; c < p.input_c; ++c) acc[c] += (pixel[c] - p.input_zero_point) * taps[c];
    return;
  }
  for (int32_t ic = 0; ic < p.input_c; ++ic) {
    const int32_t value = pixel[ic] - p.input_zero_point;
    for (int32_t m = 0; m < p.depth_multiplier; ++m) *acc++ += value * *taps++;
  }
}

// Sums the in-bounds taps of output pixel (out_y, out_x) into acc[0, output_c); padding taps
// are skipped, as TensorFlow Lite does.
void AccumulatePixel(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                     int32_t out_y, int32_t out_x, int32_t* acc) {
  for (int32_t c = 0; c < p.output_c; ++c) acc[c] = 0;
  const int32_t origin_y = out_y * p.stride_h - p.pad_top;
  const int32_t origin_x = out_x * p.stride_w - p.pad_left;
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    const int32_t in_y = origin_y + fy * p.dilation_h;
    if (in_y < 0 || in_y >= p.input_h) continue;
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int32_t in_x = origin_x + fx * p.dilation_w;
      if (in_x < 0 || in_x >= p.input_w) continue;
      const int8_t* pixel = image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
      const int8_t* taps = filter + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * p.output_c;
      AccumulateTap(p, pixel, taps, acc);
    }
  }
}

}  // namespace

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params) {
  return params.output_c > 0 ? sizeof(int32_t) * static_cast<size_t>(params.output_c) : 0;
}

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params));
  if (params.output_c == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckInt32Aligned(scratch.data(), kName));
  const DepthwiseConv2dParams& p = params;
  auto* acc = reinterpret_cast<int32_t*>(scratch.data());
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    for (int32_t out_y = 0; out_y < p.output_h; ++out_y) {
      for (int32_t out_x = 0; out_x < p.output_w; ++out_x) {
        AccumulatePixel(p, image, filter, out_y, out_x, acc);
        for (int32_t c = 0; c < p.output_c; ++c) {
          const int32_t sum = bias != nullptr ? acc[c] + bias[c] : acc[c];
          *output++ = RequantizeToInt8(sum, p.requant.multipliers[c], p.requant.shifts[c],
                                       p.output_zero_point, p.activation_min, p.activation_max);
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
