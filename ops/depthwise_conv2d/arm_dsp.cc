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

// Output channels [c, c + kChannels) of a depth multiplier above 1, all of one input channel:
// each input value inside the window is read once and meets its tap's kChannels weights (4 or
// 8, one or two words). The padded taps are skipped once per pixel, not tested per tap and
// channel. The sums stay in locals: an int8 load may alias any memory, so sums kept in memory
// would be stored at every tap.
template <int32_t kChannels>
void MultipliedChannels(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                        Window window, int32_t c, int32_t* sums) {
  static_assert(kChannels == 4 || kChannels == 8);
  const int32_t input_channel = c / p.depth_multiplier;
  const ref::FilterTaps rows =
      ref::FilterTapsInside(window.origin_y, p.dilation_h, p.filter_h, p.input_h);
  const ref::FilterTaps columns =
      ref::FilterTapsInside(window.origin_x, p.dilation_w, p.filter_w, p.input_w);
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
      s0 = Smlabb(x, Sxtb16(first), s0);
      s2 = Smlabt(x, Sxtb16(first), s2);
      s1 = Smlabb(x, Sxtb16High(first), s1);
      s3 = Smlabt(x, Sxtb16High(first), s3);
      if constexpr (kChannels == 8) {
        const uint32_t second = LoadWord(taps + 4);
        s4 = Smlabb(x, Sxtb16(second), s4);
        s6 = Smlabt(x, Sxtb16(second), s6);
        s5 = Smlabb(x, Sxtb16High(second), s5);
        s7 = Smlabt(x, Sxtb16High(second), s7);
      }
      x_in += input_step;
      taps += p.output_c;
    }
  }
  const int32_t all[8] = {s0, s1, s2, s3, s4, s5, s6, s7};
  for (int32_t k = 0; k < kChannels; ++k) sums[k] = all[k];
}

// How many output channels from c on one step computes: 8 or 4 of one input channel for a depth
// multiplier above 1, 4 input channels for a multiplier of 1, else 1.
int32_t ChannelsPerStep(const DepthwiseConv2dParams& p, int32_t c) {
  const int32_t left = p.output_c - c;
  if (p.depth_multiplier == 1) return left >= 4 ? 4 : 1;
  const int32_t left_in_channel = p.depth_multiplier - c % p.depth_multiplier;
  if (left_in_channel >= 8) return 8;
  return left_in_channel >= 4 ? 4 : 1;
}

void DirectPixel(const DepthwiseConv2dParams& p, const int8_t* image, const int8_t* filter,
                 const int32_t* bias, Window window, int8_t* output) {
  for (int32_t c = 0; c < p.output_c;) {
    const int32_t step = ChannelsPerStep(p, c);
    int32_t sums[8];
    if (step == 1) {
      sums[0] = DirectChannel(p, image, filter, window, c);
    } else if (p.depth_multiplier == 1) {
      const Accumulators acc = DirectChannels4(p, image, filter, window, c);
      for (int32_t k = 0; k < 4; ++k) sums[k] = acc.lane[k];
    } else if (step == 8) {
      MultipliedChannels<8>(p, image, filter, window, c, sums);
    } else {
      MultipliedChannels<4>(p, image, filter, window, c, sums);
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
