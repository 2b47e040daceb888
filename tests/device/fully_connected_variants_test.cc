// fully_connected/arm_dsp and fully_connected/arm_mve equal fully_connected/ref byte for byte
// over a seeded sweep: depths below, at and beyond the 16-lane chunk, odd output counts, filter
// zero points (per-tensor) and per-channel requantization, several batches; and over a grid of
// the arm_dsp paths: output counts around its four-row passes, depths around its four-byte
// words, and each output stage (short or long right shift, left shift, full or narrow range).
#include <gtest/gtest.h>

#include "ops/fully_connected/arm_dsp.h"
#include "ops/fully_connected/arm_mve.h"
#include "ops/fully_connected/ref.h"
#include "tests/device/arm_variant_test_support.h"

namespace arenastore::kernels::device_testing {
namespace {

struct FullyConnectedCase {
  FullyConnectedParams params{};
  Requant requant;
  std::vector<int8_t> input, filter;
  std::vector<int32_t> bias;
  bool has_bias = true;

  std::string Name() const {
    const FullyConnectedParams& p = params;
    return Describe<int32_t>("fully_connected", {{"batches", p.batches},
                                                 {"depth", p.input_depth},
                                                 {"outputs", p.output_depth},
                                                 {"in_zp", p.input_zero_point},
                                                 {"filter_zp", p.filter_zero_point},
                                                 {"requant", p.requant.count}});
  }
  size_t OutputBytes() const { return static_cast<size_t>(params.batches) * params.output_depth; }
};

FullyConnectedCase RandomFullyConnected(Rng& rng) {
  FullyConnectedCase c;
  FullyConnectedParams& p = c.params;
  p.batches = Uniform(rng, 1, 3);
  p.input_depth = Chance(rng, 20) ? Uniform(rng, 100, 700) : Uniform(rng, 1, 40);
  p.output_depth = Uniform(rng, 1, 11);
  p.input_zero_point = RandomZeroPoint(rng);
  const bool per_channel = Chance(rng, 50);
  // TensorFlow Lite's per-channel weights are symmetric; per-tensor ones may carry a zero point.
  p.filter_zero_point = per_channel ? 0 : (Chance(rng, 50) ? Uniform(rng, -127, 127) : 0);
  p.output_zero_point = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  p.activation_min = range.min;
  p.activation_max = range.max;
  c.requant = RandomRequant(rng, per_channel ? p.output_depth : 1, p.input_depth);
  p.requant = c.requant.View();
  c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * p.input_depth);
  c.filter = RandomBytes(rng, static_cast<size_t>(p.output_depth) * p.input_depth);
  c.bias = RandomBias(rng, p.output_depth);
  c.has_bias = Chance(rng, 80);
  return c;
}

using ScratchFn = size_t (*)(const FullyConnectedParams&);
using FullyConnectedFn = Status (*)(const FullyConnectedParams&, const int8_t*, const int8_t*,
                                    const int32_t*, int8_t*, std::span<uint8_t>);

KernelRun Runner(const FullyConnectedCase& c, FullyConnectedFn kernel) {
  return [&c, kernel](std::span<uint8_t> scratch, int8_t* output) {
    return kernel(c.params, c.input.data(), c.filter.data(), c.has_bias ? c.bias.data() : nullptr,
                  output, scratch);
  };
}

void ExpectSweepBitExact(uint32_t seed, ScratchFn scratch_bytes, FullyConnectedFn kernel) {
  Rng rng(seed);
  for (int i = 0; i < 400; ++i) {
    const FullyConnectedCase c = RandomFullyConnected(rng);
    ExpectBitExact(c.Name(), c.OutputBytes(), ref::FullyConnectedScratchBytes(c.params),
                   Runner(c, &ref::FullyConnected), scratch_bytes(c.params), Runner(c, kernel));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(ArmDspFullyConnected, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7201, &arm_dsp::FullyConnectedScratchBytes, &arm_dsp::FullyConnected);
}

TEST(ArmMveFullyConnected, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7202, &arm_mve::FullyConnectedScratchBytes, &arm_mve::FullyConnected);
}

// The scale of every channel: typical (a right shift in 1..23), a left shift (real scale above
// 1) or a right shift beyond 23; kMixed gives one channel in three each (per channel only).
enum class ScaleKind { kTypical, kLeftShift, kLongRightShift, kMixed };

Requant GridRequant(ScaleKind kind, int32_t channels, int32_t depth) {
  Requant r;
  const double typical = 100.0 / (128.0 * 128.0 * std::sqrt(static_cast<double>(depth)));
  for (int32_t c = 0; c < channels; ++c) {
    ScaleKind k = kind;
    if (kind == ScaleKind::kMixed) k = static_cast<ScaleKind>(c % 3);
    const double real = k == ScaleKind::kTypical     ? typical * (1.0 + 0.1 * c)
                        : k == ScaleKind::kLeftShift ? 3.0 + c
                                                     : 0x1p-28 * (1.0 + 0.1 * c);
    const Quantized q = Quantize(real);
    r.multipliers.push_back(q.multiplier);
    r.shifts.push_back(q.shift);
  }
  return r;
}

TEST(ArmDspFullyConnected, EqualsRefOverPassAndStageGrid) {
  Rng rng(7204);
  for (int32_t outputs = 1; outputs <= 9; ++outputs) {
    for (int32_t depth : {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 19, 64, 130}) {
      for (ScaleKind kind : {ScaleKind::kTypical, ScaleKind::kLeftShift, ScaleKind::kLongRightShift,
                             ScaleKind::kMixed}) {
        for (int mode = 0; mode < 4; ++mode) {
          const bool per_channel = kind == ScaleKind::kMixed || mode % 2 == 1;
          FullyConnectedCase c;
          FullyConnectedParams& p = c.params;
          p.batches = 2;
          p.input_depth = depth;
          p.output_depth = outputs;
          p.input_zero_point = mode == 0 ? -128 : RandomZeroPoint(rng);
          p.filter_zero_point = per_channel ? 0 : (mode == 2 ? Uniform(rng, -127, 127) : 0);
          p.output_zero_point = RandomZeroPoint(rng);
          const bool full_range = mode < 2;
          p.activation_min = full_range ? -128 : -100;
          p.activation_max = full_range ? 127 : 90;
          c.requant = GridRequant(kind, per_channel ? outputs : 1, depth);
          p.requant = c.requant.View();
          c.input = RandomBytes(rng, static_cast<size_t>(p.batches) * depth);
          c.filter = RandomBytes(rng, static_cast<size_t>(outputs) * depth);
          c.bias = RandomBias(rng, outputs);
          c.has_bias = mode != 3;
          ExpectBitExact(c.Name(), c.OutputBytes(), ref::FullyConnectedScratchBytes(p),
                         Runner(c, &ref::FullyConnected), arm_dsp::FullyConnectedScratchBytes(p),
                         Runner(c, &arm_dsp::FullyConnected));
          if (::testing::Test::HasFailure()) return;
        }
      }
    }
  }
}

// No output channel and so no requantization entry (multipliers and shifts null): nothing to
// write, and nothing may be read.
TEST(ArmDspFullyConnected, NoOutputChannelsWritesNothing) {
  FullyConnectedParams p{};
  p.batches = 2;
  p.input_depth = 5;
  p.output_depth = 0;
  p.activation_min = -128;
  p.activation_max = 127;
  p.requant = Requantization{nullptr, nullptr, 0};
  const std::vector<int8_t> input(10, 3);
  int8_t output = 42;
  const Status status =
      arm_dsp::FullyConnected(p, input.data(), nullptr, nullptr, &output, std::span<uint8_t>());
  EXPECT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(output, 42);
}

TEST(ArmFullyConnectedVariants, RejectTheParamsRefRejects) {
  Rng rng(7203);
  FullyConnectedCase c = RandomFullyConnected(rng);
  c.params.filter_zero_point = 300;
  std::vector<int8_t> output(c.OutputBytes());
  std::vector<uint8_t> scratch(4096);
  for (FullyConnectedFn kernel :
       {FullyConnectedFn{&arm_dsp::FullyConnected}, FullyConnectedFn{&arm_mve::FullyConnected}}) {
    const Status status =
        kernel(c.params, c.input.data(), c.filter.data(), c.bias.data(), output.data(), scratch);
    EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
  }
}

}  // namespace
}  // namespace arenastore::kernels::device_testing
