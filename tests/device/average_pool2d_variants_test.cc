// average_pool2d/arm_dsp and average_pool2d/arm_mve equal average_pool2d/ref byte for byte over
// a seeded sweep of windows, strides and padding, and on windows wider than the DSP variant's
// 256-pixel 16-bit run, full of the extreme values.
#include <gtest/gtest.h>

#include "ops/average_pool2d/arm_dsp.h"
#include "ops/average_pool2d/arm_mve.h"
#include "ops/average_pool2d/ref.h"
#include "tests/device/arm_variant_test_support.h"

namespace arenastore::kernels::device_testing {
namespace {

struct PoolCase {
  Pool2dParams params{};
  std::vector<int8_t> input;

  std::string Name() const {
    const Pool2dParams& p = params;
    return Describe<int32_t>("average_pool", {{"n", p.batches},
                                              {"h", p.input_h},
                                              {"w", p.input_w},
                                              {"c", p.channels},
                                              {"fh", p.filter_h},
                                              {"fw", p.filter_w},
                                              {"stride", p.stride_h},
                                              {"pad_top", p.pad_top},
                                              {"pad_left", p.pad_left},
                                              {"oh", p.output_h},
                                              {"ow", p.output_w}});
  }
  size_t OutputBytes() const {
    return static_cast<size_t>(params.batches) * params.output_h * params.output_w *
           params.channels;
  }
};

// Padding stays below the filter size, so every window keeps at least one input pixel.
PoolCase RandomPool(Rng& rng) {
  PoolCase c;
  Pool2dParams& p = c.params;
  do {
    p.batches = Uniform(rng, 1, 2);
    p.input_h = Uniform(rng, 1, 9);
    p.input_w = Uniform(rng, 1, 9);
    p.channels = Chance(rng, 15) ? Uniform(rng, 60, 70) : Uniform(rng, 1, 13);
    p.filter_h = Uniform(rng, 1, 4);
    p.filter_w = Uniform(rng, 1, 4);
    p.stride_h = Uniform(rng, 1, 3);
    p.stride_w = Uniform(rng, 1, 3);
    p.pad_top = Uniform(rng, 0, p.filter_h - 1);
    p.pad_left = Uniform(rng, 0, p.filter_w - 1);
    const int32_t pad_bottom = Uniform(rng, 0, p.filter_h - 1);
    const int32_t pad_right = Uniform(rng, 0, p.filter_w - 1);
    const int32_t room_h = p.input_h + p.pad_top + pad_bottom - p.filter_h;
    const int32_t room_w = p.input_w + p.pad_left + pad_right - p.filter_w;
    p.output_h = room_h < 0 ? 0 : room_h / p.stride_h + 1;
    p.output_w = room_w < 0 ? 0 : room_w / p.stride_w + 1;
  } while (p.output_h == 0 || p.output_w == 0);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.channels);
  return c;
}

using ScratchFn = size_t (*)(const Pool2dParams&);
using PoolFn = Status (*)(const Pool2dParams&, const int8_t*, int8_t*, std::span<uint8_t>);

KernelRun Runner(const PoolCase& c, PoolFn kernel) {
  return [&c, kernel](std::span<uint8_t> scratch, int8_t* output) {
    return kernel(c.params, c.input.data(), output, scratch);
  };
}

void ExpectBitExactCase(const PoolCase& c, ScratchFn scratch_bytes, PoolFn kernel) {
  ExpectBitExact(c.Name(), c.OutputBytes(), ref::AveragePool2dScratchBytes(c.params),
                 Runner(c, &ref::AveragePool2d), scratch_bytes(c.params), Runner(c, kernel));
}

void ExpectSweepBitExact(uint32_t seed, ScratchFn scratch_bytes, PoolFn kernel) {
  Rng rng(seed);
  for (int i = 0; i < 400; ++i) {
    ExpectBitExactCase(RandomPool(rng), scratch_bytes, kernel);
    if (::testing::Test::HasFailure()) return;
  }
}

// A global pool over one row of `width` pixels, all at `value` but the last.
PoolCase WideWindow(int32_t width, int32_t channels, int8_t value) {
  PoolCase c;
  c.params = Pool2dParams{1, 2, width, channels, 2, width, 1, 1, 1, 1, 0, 0, -128, 127};
  c.input.assign(static_cast<size_t>(2) * width * channels, value);
  c.input.back() = static_cast<int8_t>(-value / 2);
  return c;
}

TEST(ArmDspAveragePool2d, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7301, &arm_dsp::AveragePool2dScratchBytes, &arm_dsp::AveragePool2d);
}

TEST(ArmMveAveragePool2d, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7302, &arm_mve::AveragePool2dScratchBytes, &arm_mve::AveragePool2d);
}

TEST(ArmAveragePool2dVariants, EqualRefOnWindowsWiderThanOneSixteenBitRun) {
  for (const int8_t value : {int8_t{-128}, int8_t{127}, int8_t{-77}}) {
    for (const int32_t width : {255, 256, 257, 600}) {
      const PoolCase c = WideWindow(width, 7, value);
      ExpectBitExactCase(c, &arm_dsp::AveragePool2dScratchBytes, &arm_dsp::AveragePool2d);
      ExpectBitExactCase(c, &arm_mve::AveragePool2dScratchBytes, &arm_mve::AveragePool2d);
    }
  }
}

TEST(ArmAveragePool2dVariants, RejectAWindowEntirelyInPadding) {
  PoolCase c = WideWindow(4, 3, 1);
  c.params.pad_left = 5;
  std::vector<int8_t> output(c.OutputBytes());
  std::vector<uint8_t> scratch(64);
  for (PoolFn kernel : {PoolFn{&arm_dsp::AveragePool2d}, PoolFn{&arm_mve::AveragePool2d}}) {
    const Status status = kernel(c.params, c.input.data(), output.data(), scratch);
    EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
  }
}

}  // namespace
}  // namespace arenastore::kernels::device_testing
