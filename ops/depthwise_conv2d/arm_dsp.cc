#include "ops/depthwise_conv2d/arm_dsp.h"

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

bool UsesWindowBuffer(const DepthwiseConv2dParams& p) {
  return !IsSmall3x3(p) && p.depth_multiplier == 1 && p.dilation_h == 1 && p.dilation_w == 1;
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
  return ref::RequantizeToInt8(sum, p.requant.multipliers[channel], p.requant.shifts[channel],
                               p.output_zero_point, p.activation_min, p.activation_max);
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

// Output channels [c, c + 4) of depth multiplier 1, straight from the input.
Accumulators DirectChannels4(const DepthwiseConv2dParams& p, const int8_t* image,
                             const int8_t* filter, Window window, int32_t c) {
  const int32_t offset = -p.input_zero_point;
  const uint32_t offset_pair = PackPair(offset, offset);
  Accumulators acc = {{0, 0, 0, 0}};
  for (int32_t fy = 0; fy < p.filter_h; ++fy) {
    for (int32_t fx = 0; fx < p.filter_w; ++fx) {
      const int8_t* pixel = TapPixel(p, image, window, fy, fx);
      if (pixel == nullptr) continue;
      const OffsetPairs x = WidenWithOffset(LoadWord(pixel + c), offset_pair);
      const int8_t* taps = filter + (static_cast<ptrdiff_t>(fy) * p.filter_w + fx) * p.output_c;
      MultiplyAccumulate4(x.even, x.odd, LoadWord(taps + c), &acc);
    }
  }
  return acc;
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

// Output channels [c, c + 4) of a depth multiplier above 1, all four of one input channel: each
// input value inside the window is read once and meets the four weights of its tap. The padded
// taps are skipped once per pixel, not tested per tap and channel.
Accumulators MultipliedChannels4(const DepthwiseConv2dParams& p, const int8_t* image,
                                 const int8_t* filter, Window window, int32_t c) {
  const int32_t input_channel = c / p.depth_multiplier;
  const ref::FilterTaps rows =
      ref::FilterTapsInside(window.origin_y, p.dilation_h, p.filter_h, p.input_h);
  const ref::FilterTaps columns =
      ref::FilterTapsInside(window.origin_x, p.dilation_w, p.filter_w, p.input_w);
  Accumulators acc = {{0, 0, 0, 0}};
  for (int32_t fy = rows.begin; fy < rows.end; ++fy) {
    const int32_t in_y = window.origin_y + fy * p.dilation_h;
    const int8_t* image_row = image + static_cast<ptrdiff_t>(in_y) * p.input_w * p.input_c;
    const int8_t* filter_row = filter + static_cast<ptrdiff_t>(fy) * p.filter_w * p.output_c;
    for (int32_t fx = columns.begin; fx < columns.end; ++fx) {
      const int32_t in_x = window.origin_x + fx * p.dilation_w;
      const int32_t x =
          image_row[static_cast<ptrdiff_t>(in_x) * p.input_c + input_channel] - p.input_zero_point;
      const uint32_t x_pair = PackPair(x, x);
      MultiplyAccumulate4(x_pair, x_pair,
                          LoadWord(filter_row + static_cast<ptrdiff_t>(fx) * p.output_c + c), &acc);
    }
  }
  return acc;
}

// Output channels [c, c + 4) in one step where they can be: depth multiplier 1 reads four input
// channels; a larger multiplier needs the four to share one input channel.
bool FourChannelsAt(const DepthwiseConv2dParams& p, int32_t c) {
  if (c + 4 > p.output_c) return false;
  return p.depth_multiplier == 1 || c % p.depth_multiplier + 4 <= p.depth_multiplier;
}

void DirectPixel(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                 const int32_t* bias, Window window, int8_t* output) {
  for (int32_t c = 0; c < p.output_c;) {
    if (!FourChannelsAt(p, c)) {
      output[c] = Requantize(p, bias, c, DirectChannel(p, image, filter, window, c));
      ++c;
      continue;
    }
    const Accumulators acc = p.depth_multiplier == 1
                                 ? DirectChannels4(p, image, filter, window, c)
                                 : MultipliedChannels4(p, image, filter, window, c);
    for (int32_t k = 0; k < 4; ++k) output[c + k] = Requantize(p, bias, c + k, acc.lane[k]);
    c += 4;
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
  if (!UsesWindowBuffer(params) || params.input_c <= 0 || params.filter_h <= 0 ||
      params.filter_w <= 0) {
    return 0;
  }
  return sizeof(int16_t) * static_cast<size_t>(params.input_c) *
         static_cast<size_t>(params.filter_h) * static_cast<size_t>(params.filter_w);
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
  for (int32_t b = 0; b < p.batches; ++b) {
    const int8_t* image = input + b * image_elements;
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
