// conv2d/arm_dsp and conv2d/arm_mve equal conv2d/ref byte for byte over a seeded sweep of
// shapes (groups, strides, dilations, padding beyond SAME, 1x1 direct paths, zero points at the
// int8 edges, saturating scales), each within exactly its declared scratch.
#include <gtest/gtest.h>

#include "ops/conv2d/arm_dsp.h"
#include "ops/conv2d/arm_mve.h"
#include "ops/conv2d/ref.h"
#include "tests/device/arm_variant_test_support.h"

namespace arenastore::kernels::device_testing {
namespace {

struct ConvCase {
  Conv2dParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  std::string Name() const {
    const Conv2dParams& p = params;
    return Describe<int32_t>("conv", {{"n", p.batches},
                                      {"h", p.input_h},
                                      {"w", p.input_w},
                                      {"c", p.input_c},
                                      {"fh", p.filter_h},
                                      {"fw", p.filter_w},
                                      {"oc", p.output_c},
                                      {"groups", p.groups},
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
  const int32_t span = (filter - 1) * dilation + 1;
  const int32_t room = in + pad_before + pad_after - span;
  return room < 0 ? 0 : room / stride + 1;
}

ConvCase RandomConv(Rng& rng, bool pointwise) {
  ConvCase c;
  Conv2dParams& p = c.params;
  do {
    p.batches = Uniform(rng, 1, 2);
    p.input_h = Uniform(rng, 1, 9);
    p.input_w = Uniform(rng, 1, 9);
    p.groups = !pointwise && Chance(rng, 25) ? Uniform(rng, 2, 3) : 1;
    p.input_c = Uniform(rng, 1, pointwise ? 21 : 9) * p.groups;
    p.output_c = Uniform(rng, 1, 7) * p.groups;
    p.filter_h = pointwise ? 1 : Uniform(rng, 1, 4);
    p.filter_w = pointwise ? 1 : Uniform(rng, 1, 4);
    p.stride_h = Uniform(rng, 1, 3);
    p.stride_w = Chance(rng, 70) ? p.stride_h : Uniform(rng, 1, 3);
    p.dilation_h = Chance(rng, 75) ? 1 : 2;
    p.dilation_w = Chance(rng, 75) ? p.dilation_h : Uniform(rng, 1, 2);
    p.pad_top = pointwise ? 0 : Uniform(rng, 0, 2);
    p.pad_left = pointwise ? 0 : Uniform(rng, 0, 2);
    const int32_t pad_bottom = pointwise ? 0 : Uniform(rng, 0, 2);
    const int32_t pad_right = pointwise ? 0 : Uniform(rng, 0, 2);
    p.output_h = OutputSize(p.input_h, p.pad_top, pad_bottom, p.filter_h, p.dilation_h, p.stride_h);
    p.output_w = OutputSize(p.input_w, p.pad_left, pad_right, p.filter_w, p.dilation_w, p.stride_w);
  } while (p.output_h == 0 || p.output_w == 0);
  p.input_zero_point = RandomZeroPoint(rng);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, p.output_c, p.filter_h * p.filter_w * p.input_c / p.groups);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c);
  c.filter = RandomBytes(
      rng, static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * (p.input_c / p.groups));
  c.bias = RandomBias(rng, p.output_c);
  c.has_bias = Chance(rng, 80);
  return c;
}

using ScratchFn = size_t (*)(const Conv2dParams&);
using ConvFn = Status (*)(const Conv2dParams&, const int8_t*, const int8_t*, const int32_t*,
                          int8_t*, std::span<uint8_t>);

KernelRun Runner(const ConvCase& c, ConvFn conv) {
  return [&c, conv](std::span<uint8_t> scratch, int8_t* output) {
    return conv(c.params, c.input.data(), c.filter.data(), c.has_bias ? c.bias.data() : nullptr,
                output, scratch);
  };
}

void ExpectSweepBitExact(uint32_t seed, ScratchFn scratch_bytes, ConvFn conv) {
  Rng rng(seed);
  for (int i = 0; i < 400; ++i) {
    const ConvCase c = RandomConv(rng, /*pointwise=*/i % 4 == 0);
    ExpectBitExact(c.Name(), c.OutputBytes(), ref::Conv2dScratchBytes(c.params),
                   Runner(c, &ref::Conv2d), scratch_bytes(c.params), Runner(c, conv));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(ArmDspConv2d, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7001, &arm_dsp::Conv2dScratchBytes, &arm_dsp::Conv2d);
}

TEST(ArmMveConv2d, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7002, &arm_mve::Conv2dScratchBytes, &arm_mve::Conv2d);
}

TEST(ArmConv2dVariants, RejectTheParamsRefRejects) {
  Rng rng(7003);
  ConvCase c = RandomConv(rng, false);
  c.params.input_zero_point = 200;
  std::vector<int8_t> output(c.OutputBytes());
  std::vector<uint8_t> scratch(4096);
  for (ConvFn conv : {ConvFn{&arm_dsp::Conv2d}, ConvFn{&arm_mve::Conv2d}}) {
    const Status status =
        conv(c.params, c.input.data(), c.filter.data(), c.bias.data(), output.data(), scratch);
    EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
  }
}

}  // namespace
}  // namespace arenastore::kernels::device_testing
