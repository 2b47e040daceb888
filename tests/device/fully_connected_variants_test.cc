// fully_connected/arm_dsp and fully_connected/arm_mve equal fully_connected/ref byte for byte
// over a seeded sweep: depths below, at and beyond the 16-lane chunk, odd output counts, filter
// zero points (per-tensor) and per-channel requantization, several batches.
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
