#include "ops/depthwise_conv2d/arm_mve.h"

#include "kernels/arm_mve/helium.h"
#include "kernels/filter_taps.h"
#include "kernels/fixed_point.h"
#include "kernels/requantize.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::arm_mve {
namespace {

constexpr const char* kName = "depthwise_conv2d/arm_mve";
constexpr int32_t kPixelsPerPass = 4;

bool UsesBlockBuffer(const DepthwiseConv2dParams& p) {
  return p.depth_multiplier == 1 && p.dilation_h == 1 && p.dilation_w == 1;
}

int8_t Requantize(const DepthwiseConv2dParams& p, const int32_t* bias, int32_t channel,
                  int32_t sum) {
  if (bias != nullptr) sum = WrappingAdd(sum, bias[channel]);
  return ref::RequantizeToInt8(sum, p.requant.multipliers[channel], p.requant.shifts[channel],
                               p.output_zero_point, p.activation_min, p.activation_max);
}

struct Window {
  int32_t origin_y, origin_x;
};

Window WindowOfPixel(const DepthwiseConv2dParams& p, int32_t pixel) {
  return {pixel / p.output_w * p.stride_h - p.pad_top,
          pixel % p.output_w * p.stride_w - p.pad_left};
}

// Input pixel of tap (fy, fx), or null when the tap lies in the padding.
const int8_t* TapPixel(const DepthwiseConv2dParams& p, const int8_t* image, Window window,
                       int32_t fy, int32_t fx) {
  const int32_t in_y = window.origin_y + fy * p.dilation_h;
  const int32_t in_x = window.origin_x + fx * p.dilation_w;
  if (in_y < 0 || in_y >= p.input_h || in_x < 0 || in_x >= p.input_w) return nullptr;
  return image + (static_cast<ptrdiff_t>(in_y) * p.input_w + in_x) * p.input_c;
}

// Channels [c_begin, c_begin + block_c) of every tap of one window, as [tap][block_c] int8.
void GatherBlock(const DepthwiseConv2dParams& p, const int8_t* image, Window window,
                 int32_t c_begin, int32_t block_c, int8_t* buffer) {
  const auto padding = static_cast<int8_t>(p.input_zero_point);
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int8_t* pixel = TapPixel(p, image, window, fy, fx);
      for (int32_t c = 0; c < block_c; ++c) {
        buffer[c] = pixel != nullptr ? pixel[c_begin + c] : padding;
      }
      buffer += block_c;
    }
  }
}

struct PixelQuad {
  int32_t first;  // flattened output pixel index
  int32_t count;  // 1..4 pixels computed
};

// Output channels [c_begin, c_begin + block_c) of the quad from its gathered windows.
void BlockChannels(const DepthwiseConv2dParams& p, const int8_t* const buffers[4], int32_t c_begin,
                   int32_t block_c, const int8_t* filter, const int32_t* bias,
                   const PixelQuad& quad, int8_t* output) {
  const int32_t taps = p.filter_h * p.filter_w;
  for (int32_t c = 0; c < block_c; c += kInt32Lanes) {
    const int32_t lanes = block_c - c < kInt32Lanes ? block_c - c : kInt32Lanes;
    Int32x4 acc[kPixelsPerPass] = {Splat(0), Splat(0), Splat(0), Splat(0)};
    Int32x4 weight_sum = Splat(0);
    for (int32_t t = 0; t < taps; ++t) {
      const Int32x4 w =
          LoadS8(filter + static_cast<ptrdiff_t>(t) * p.output_c + c_begin + c, lanes);
      weight_sum = Add(weight_sum, w);
      for (int32_t i = 0; i < kPixelsPerPass; ++i) {
        acc[i] =
            MulAdd(acc[i], LoadS8(buffers[i] + static_cast<ptrdiff_t>(t) * block_c + c, lanes), w);
      }
    }
    // sum (x + offset) * w = sum x * w + offset * sum w; padding x is the zero point.
    const Int32x4 folded = MulScalar(weight_sum, -p.input_zero_point);
    for (int32_t i = 0; i < quad.count; ++i) {
      int32_t sums[kInt32Lanes];
      Store(sums, Add(acc[i], folded));
      int8_t* pixel_output = output + static_cast<ptrdiff_t>(quad.first + i) * p.output_c;
      for (int32_t k = 0; k < lanes; ++k) {
        pixel_output[c_begin + c + k] = Requantize(p, bias, c_begin + c + k, sums[k]);
      }
    }
  }
}

void BufferedQuad(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                  const int32_t* bias, const PixelQuad& quad, int8_t* scratch, int8_t* output) {
  const ptrdiff_t pixel_stride = static_cast<ptrdiff_t>(kChannelBlock) * p.filter_h * p.filter_w;
  for (int32_t c_begin = 0; c_begin < p.output_c; c_begin += kChannelBlock) {
    const int32_t block_c =
        p.output_c - c_begin < kChannelBlock ? p.output_c - c_begin : kChannelBlock;
    const int8_t* buffers[kPixelsPerPass];
    for (int32_t i = 0; i < kPixelsPerPass; ++i) {
      // A short quad repeats its first window; those sums are computed and dropped.
      int8_t* buffer = scratch + (i < quad.count ? i : 0) * pixel_stride;
      if (i < quad.count) {
        GatherBlock(p, image, WindowOfPixel(p, quad.first + i), c_begin, block_c, buffer);
      }
      buffers[i] = buffer;
    }
    BlockChannels(p, buffers, c_begin, block_c, filter, bias, quad, output);
  }
}

// Depth multiplier 1 with dilation: four channels per step straight from the input.
void DirectChannels(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                    const int32_t* bias, Window window, int8_t* output) {
  for (int32_t c = 0; c < p.output_c; c += kInt32Lanes) {
    const int32_t lanes = p.output_c - c < kInt32Lanes ? p.output_c - c : kInt32Lanes;
    Int32x4 acc = Splat(0);
    for (int32_t fy = 0; fy < p.filter_h; ++fy) {
      for (int32_t fx = 0; fx < p.filter_w; ++fx) {
        const int8_t* pixel = TapPixel(p, image, window, fy, fx);
        if (pixel == nullptr) continue;
        const int8_t* taps = filter + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * p.output_c;
        acc = MulAdd(acc, AddScalar(LoadS8(pixel + c, lanes), -p.input_zero_point),
                     LoadS8(taps + c, lanes));
      }
    }
    int32_t sums[kInt32Lanes];
    Store(sums, acc);
    for (int32_t k = 0; k < lanes; ++k) output[c + k] = Requantize(p, bias, c + k, sums[k]);
  }
}

// Any depth multiplier above 1: the output channels of one input channel four lanes at a time,
// each input value inside the window read once and broadcast against its tap's weights. The
// padded taps are skipped once per pixel, not tested per tap.
void DirectMultiplied(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                      const int32_t* bias, Window window, int8_t* output) {
  const ref::FilterTaps rows =
      ref::FilterTapsInside(window.origin_y, p.dilation_h, p.filter_h, p.input_h);
  const ref::FilterTaps columns =
      ref::FilterTapsInside(window.origin_x, p.dilation_w, p.filter_w, p.input_w);
  for (int32_t c = 0; c < p.output_c;) {
    const int32_t input_channel = c / p.depth_multiplier;
    const int32_t left_in_channel = (input_channel + 1) * p.depth_multiplier - c;
    const int32_t lanes = left_in_channel < kInt32Lanes ? left_in_channel : kInt32Lanes;
    Int32x4 acc = Splat(0);
    for (int32_t fy = rows.begin; fy < rows.end; ++fy) {
      const int32_t in_y = window.origin_y + fy * p.dilation_h;
      const int8_t* image_row = image + static_cast<ptrdiff_t>(in_y) * p.input_w * p.input_c;
      const int8_t* filter_row = filter + static_cast<ptrdiff_t>(fy) * p.filter_w * p.output_c;
      for (int32_t fx = columns.begin; fx < columns.end; ++fx) {
        const int32_t in_x = window.origin_x + fx * p.dilation_w;
        const int32_t x = image_row[static_cast<ptrdiff_t>(in_x) * p.input_c + input_channel] -
                          p.input_zero_point;
        acc = MulAdd(acc, Splat(x),
                     LoadS8(filter_row + static_cast<ptrdiff_t>(fx) * p.output_c + c, lanes));
      }
    }
    int32_t sums[kInt32Lanes];
    Store(sums, acc);
    for (int32_t k = 0; k < lanes; ++k) output[c + k] = Requantize(p, bias, c + k, sums[k]);
    c += lanes;
  }
}

}  // namespace

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params) {
  if (!UsesBlockBuffer(params) || params.filter_h <= 0 || params.filter_w <= 0) return 0;
  return static_cast<size_t>(kPixelsPerPass) * kChannelBlock *
         static_cast<size_t>(params.filter_h) * static_cast<size_t>(params.filter_w);
}

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDepthwiseConv2dParams(params, kName));
  const DepthwiseConv2dParams& p = params;
  const int32_t pixels = p.output_h * p.output_w;
  if (p.output_c == 0 || pixels == 0) return Status::Ok();
  auto* buffer = reinterpret_cast<int8_t*>(scratch.data());
  const ptrdiff_t image_elements = static_cast<ptrdiff_t>(p.input_h) * p.input_w * p.input_c;
  const ptrdiff_t output_elements = static_cast<ptrdiff_t>(pixels) * p.output_c;
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
    int8_t* image_output = output + b * output_elements;
    if (UsesBlockBuffer(p)) {
      for (int32_t pixel = 0; pixel < pixels; pixel += kPixelsPerPass) {
        const int32_t count = pixels - pixel < kPixelsPerPass ? pixels - pixel : kPixelsPerPass;
        BufferedQuad(p, image, filter, bias, {pixel, count}, buffer, image_output);
      }
      continue;
    }
    for (int32_t pixel = 0; pixel < pixels; ++pixel) {
      int8_t* pixel_output = image_output + static_cast<ptrdiff_t>(pixel) * p.output_c;
      if (p.depth_multiplier == 1) {
        DirectChannels(p, image, filter, bias, WindowOfPixel(p, pixel), pixel_output);
      } else {
        DirectMultiplied(p, image, filter, bias, WindowOfPixel(p, pixel), pixel_output);
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::arm_mve
