// depthwise_conv2d/arm_dsp and depthwise_conv2d/arm_mve equal depthwise_conv2d/ref byte for byte
// over a seeded sweep: both DSP paths (3x3 with small padding in place, other filters through
// the int16 window), MVE channel blocks crossing kChannelBlock, depth multipliers, dilation; and
// one input channel with multipliers 1..16 (micro_speech's layer among them).
#include <gtest/gtest.h>

#include "ops/depthwise_conv2d/arm_dsp.h"
#include "ops/depthwise_conv2d/arm_mve.h"
#include "ops/depthwise_conv2d/ref.h"
#include "tests/device/arm_variant_test_support.h"

namespace arenastore::kernels::device_testing {
namespace {

struct DepthwiseCase {
  DepthwiseConv2dParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  std::string Name() const {
    const DepthwiseConv2dParams& p = params;
    return Describe<int32_t>("depthwise", {{"n", p.batches},
                                           {"h", p.input_h},
                                           {"w", p.input_w},
                                           {"c", p.input_c},
                                           {"mult", p.depth_multiplier},
                                           {"fh", p.filter_h},
                                           {"fw", p.filter_w},
                                           {"stride", p.stride_h},
                                           {"dilation", p.dilation_h},
                                           {"pad_top", p.pad_top},
                                           {"pad_left", p.pad_left},
                                           {"oh", p.output_h},
                                           {"ow", p.output_w},
                                           {"in_zp", p.input_zero_point}});
  }
  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.output_c;
  }
};

int32_t OutputSize(int32_t in, int32_t pad_before, int32_t pad_after, int32_t filter,
                   int32_t dilation, int32_t stride) {
  const int32_t room = in + pad_before + pad_after - ((filter - 1) * dilation + 1);
  return room < 0 ? 0 : room / stride + 1;
}

// `wide` picks channel counts around and beyond the MVE channel block.
DepthwiseCase RandomDepthwise(Rng& rng, bool wide) {
  DepthwiseCase c;
  DepthwiseConv2dParams& p = c.params;
  do {
    p.batches = Uniform(rng, 1, 2);
    p.input_h = Uniform(rng, 1, wide ? 4 : 9);
    p.input_w = Uniform(rng, 1, wide ? 4 : 9);
    p.input_c = wide ? Uniform(rng, arm_mve::kChannelBlock - 3, 2 * arm_mve::kChannelBlock + 5)
                     : Uniform(rng, 1, 13);
    p.depth_multiplier = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    // A large multiplier on few input channels, as in micro_speech (8 on 1 channel).
    if (!wide && Chance(rng, 10)) {
      p.input_c = Uniform(rng, 1, 3);
      p.depth_multiplier = Uniform(rng, 4, 9);
    }
    p.output_c = p.input_c * p.depth_multiplier;
    const bool three_by_three = Chance(rng, 40);
    p.filter_h = three_by_three ? 3 : Uniform(rng, 1, 5);
    p.filter_w = three_by_three ? 3 : Uniform(rng, 1, 5);
    p.stride_h = Uniform(rng, 1, 2);
    p.stride_w = Chance(rng, 70) ? p.stride_h : Uniform(rng, 1, 3);
    p.dilation_h = Chance(rng, 80) ? 1 : 2;
    p.dilation_w = Chance(rng, 80) ? p.dilation_h : Uniform(rng, 1, 2);
    p.pad_top = Uniform(rng, 0, 2);
    p.pad_left = Uniform(rng, 0, 2);
    const int32_t pad_bottom = Uniform(rng, 0, 2);
    const int32_t pad_right = Uniform(rng, 0, 2);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, p.output_c, p.filter_h * p.filter_w);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c);
  c.filter = RandomBytes(rng, static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c);
  c.bias = RandomBias(rng, p.output_c);
  c.has_bias = Chance(rng, 80);
  return c;
}

// One input channel and a multiplier of 1..16 (the MVE window path): filters up to 10x11, so
// rows of more than eight taps, inputs up to 24 wide (eight taps dilated by 3 fit), strides
// 1..3, dilation 1..3, padding up to 4 (whole rows and columns of windows in the padding),
// per-channel scales.
DepthwiseCase RandomOneChannel(Rng& rng) {
  DepthwiseCase c;
  DepthwiseConv2dParams& p = c.params;
  do {
    p.batches = Uniform(rng, 1, 2);
    p.input_h = Uniform(rng, 1, 14);
    p.input_w = Uniform(rng, 1, 24);  // room for 8 dilated taps in a row
    p.input_c = 1;
    p.depth_multiplier = Chance(rng, 30) ? 8 : Uniform(rng, 1, 16);  // 8: the DSP's own step
    p.output_c = p.depth_multiplier;
    p.filter_h = Uniform(rng, 1, 10);
    p.filter_w = Uniform(rng, 1, 11);
    p.stride_h = Uniform(rng, 1, 3);
    p.stride_w = Chance(rng, 70) ? p.stride_h : Uniform(rng, 1, 3);
    p.dilation_h = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    p.dilation_w = Chance(rng, 75) ? 1 : Uniform(rng, 2, 3);
    p.pad_top = Uniform(rng, 0, 4);
    p.pad_left = Uniform(rng, 0, 4);
    const int32_t pad_bottom = Uniform(rng, 0, 4);
    const int32_t pad_right = Uniform(rng, 0, 4);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, p.output_c, p.filter_h * p.filter_w);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w);
  c.filter = RandomBytes(rng, static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c);
  c.bias = RandomBias(rng, p.output_c);
  c.has_bias = Chance(rng, 80);
  return c;
}

// micro_speech's layer: 49x40x1, 10x8 filter, stride 2, "same" padding (4 top, 3 left),
// multiplier 8.
DepthwiseCase MicroSpeechDepthwise(Rng& rng) {
  DepthwiseCase c;
  DepthwiseConv2dParams& p = c.params;
  p.batches = 1;
  p.input_h = 49;
  p.input_w = 40;
  p.input_c = 1;
  p.depth_multiplier = 8;
  p.output_c = 8;
  p.filter_h = 10;
  p.filter_w = 8;
  p.stride_h = p.stride_w = 2;
  p.dilation_h = p.dilation_w = 1;
  p.pad_top = 4;
  p.pad_left = 3;
  p.output_h = 25;
  p.output_w = 20;
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  p.activation_min = 0;  // RELU, as the model has
  p.activation_max = 127;
  c.requant = RandomRequant(rng, p.output_c, p.filter_h * p.filter_w);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.input_h) * p.input_w);
  c.filter = RandomBytes(rng, static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c);
  c.bias = RandomBias(rng, p.output_c);
  return c;
}

using ScratchFn = size_t (*)(const DepthwiseConv2dParams&);
using DepthwiseFn = Status (*)(const DepthwiseConv2dParams&, const int8_t*, const int8_t*,
                               const int32_t*, int8_t*, std::span<uint8_t>);

KernelRun Runner(const DepthwiseCase& c, DepthwiseFn kernel) {
  return [&c, kernel](std::span<uint8_t> scratch, int8_t* output) {
    return kernel(c.params, c.input.data(), c.filter.data(), c.has_bias ? c.bias.data() : nullptr,
                  output, scratch);
  };
}

void ExpectSweepBitExact(uint32_t seed, ScratchFn scratch_bytes, DepthwiseFn kernel) {
  Rng rng(seed);
  for (int i = 0; i < 400; ++i) {
    const DepthwiseCase c = RandomDepthwise(rng, /*wide=*/i % 8 == 0);
    ExpectBitExact(c.Name(), c.OutputBytes(), ref::DepthwiseConv2dScratchBytes(c.params),
                   Runner(c, &ref::DepthwiseConv2d), scratch_bytes(c.params), Runner(c, kernel));
    if (::testing::Test::HasFailure()) return;
  }
}

void ExpectOneChannelBitExact(uint32_t seed, ScratchFn scratch_bytes, DepthwiseFn kernel) {
  Rng rng(seed);
  for (int i = 0; i < 400; ++i) {
    const DepthwiseCase c = i % 50 == 0 ? MicroSpeechDepthwise(rng) : RandomOneChannel(rng);
    ExpectBitExact(c.Name(), c.OutputBytes(), ref::DepthwiseConv2dScratchBytes(c.params),
                   Runner(c, &ref::DepthwiseConv2d), scratch_bytes(c.params), Runner(c, kernel));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(ArmDspDepthwiseConv2d, EqualsRefWithOneInputChannel) {
  ExpectOneChannelBitExact(7104, &arm_dsp::DepthwiseConv2dScratchBytes, &arm_dsp::DepthwiseConv2d);
}

TEST(ArmMveDepthwiseConv2d, EqualsRefWithOneInputChannel) {
  ExpectOneChannelBitExact(7105, &arm_mve::DepthwiseConv2dScratchBytes, &arm_mve::DepthwiseConv2d);
}

TEST(ArmDspDepthwiseConv2d, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7101, &arm_dsp::DepthwiseConv2dScratchBytes, &arm_dsp::DepthwiseConv2d);
}

TEST(ArmMveDepthwiseConv2d, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7102, &arm_mve::DepthwiseConv2dScratchBytes, &arm_mve::DepthwiseConv2d);
}

TEST(ArmDepthwiseConv2dVariants, RejectTheParamsRefRejects) {
  Rng rng(7103);
  DepthwiseCase c = RandomDepthwise(rng, false);
  c.params.output_c = c.params.input_c * c.params.depth_multiplier + 1;
  std::vector<int8_t> output(c.OutputBytes() + 64);
  std::vector<uint8_t> scratch(1 << 16);
  for (DepthwiseFn kernel :
       {DepthwiseFn{&arm_dsp::DepthwiseConv2d}, DepthwiseFn{&arm_mve::DepthwiseConv2d}}) {
    const Status status =
        kernel(c.params, c.input.data(), c.filter.data(), c.bias.data(), output.data(), scratch);
    EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
  }
}

}  // namespace
}  // namespace arenastore::kernels::device_testing
