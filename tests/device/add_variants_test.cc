// add/arm_dsp and add/arm_mve equal add/ref byte for byte over a seeded sweep of same-shape
// (vector path) and broadcasting inputs, with scales built as TensorFlow Lite prepares them
// and zero points at the int8 edges; and on every pair of int8 values.
#include <gtest/gtest.h>

#include "ops/add/arm_dsp.h"
#include "ops/add/arm_mve.h"
#include "ops/add/ref.h"
#include "tests/device/arm_variant_test_support.h"

namespace arenastore::kernels::device_testing {
namespace {

struct AddCase {
  AddParams params{};
  std::vector<int8_t> input1, input2;
  std::string name;

  size_t OutputBytes() const {
    size_t count = 1;
    for (int32_t d : params.shapes.output) count *= static_cast<size_t>(d);
    return count;
  }
};

void SetShape(const std::vector<int32_t>& shape, int32_t* target) {
  const size_t pad = kMaxBroadcastRank - shape.size();
  for (size_t i = 0; i < static_cast<size_t>(kMaxBroadcastRank); ++i) {
    target[i] = i < pad ? 1 : shape[i - pad];
  }
}

size_t Count(const int32_t* shape) {
  size_t count = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) count *= static_cast<size_t>(shape[d]);
  return count;
}

// Multipliers as TensorFlow Lite's int8 ADD prepares them from the three scales.
void SetScales(AddParams& p, double scale1, double scale2, double output_scale) {
  p.left_shift = 20;
  const double twice_max = 2.0 * std::max(scale1, scale2);
  const Quantized q1 = Quantize(scale1 / twice_max);
  const Quantized q2 = Quantize(scale2 / twice_max);
  const Quantized out = Quantize(twice_max / ((1 << p.left_shift) * output_scale));
  p.input1_multiplier = q1.multiplier;
  p.input1_shift = q1.shift;
  p.input2_multiplier = q2.multiplier;
  p.input2_shift = q2.shift;
  p.output_multiplier = out.multiplier;
  p.output_shift = out.shift;
}

AddCase RandomAdd(Rng& rng, bool broadcast) {
  AddCase c;
  const int rank = Uniform(rng, 1, 4);
  std::vector<int32_t> out(rank), in1(rank), in2(rank);
  for (int d = 0; d < rank; ++d) {
    out[d] = Uniform(rng, 1, d == rank - 1 ? 37 : 4);
    in1[d] = broadcast && Chance(rng, 30) ? 1 : out[d];
    in2[d] = broadcast && Chance(rng, 30) ? 1 : out[d];
  }
  SetShape(in1, c.params.shapes.input1);
  SetShape(in2, c.params.shapes.input2);
  SetShape(out, c.params.shapes.output);
  const double scale1 = std::exp2(Uniform(rng, -80, -20) / 10.0);
  const double scale2 = Chance(rng, 20) ? scale1 : std::exp2(Uniform(rng, -80, -20) / 10.0);
  const double output_scale = std::max(scale1, scale2) * std::exp2(Uniform(rng, -10, 15) / 10.0);
  SetScales(c.params, scale1, scale2, output_scale);
  c.params.input1_offset = -RandomZeroPoint(rng);
  c.params.input2_offset = -RandomZeroPoint(rng);
  c.params.output_offset = RandomZeroPoint(rng);
  const ActivationRange range = RandomActivation(rng);
  c.params.activation_min = range.min;
  c.params.activation_max = range.max;
  c.input1 = RandomBytes(rng, Count(c.params.shapes.input1));
  c.input2 = RandomBytes(rng, Count(c.params.shapes.input2));
  c.name =
      Describe<int32_t>("add", {{"rank", rank},
                                {"elements", static_cast<int32_t>(Count(c.params.shapes.output))},
                                {"broadcast", broadcast ? 1 : 0},
                                {"offset1", c.params.input1_offset},
                                {"offset2", c.params.input2_offset},
                                {"shift_out", c.params.output_shift}});
  return c;
}

using ScratchFn = size_t (*)(const AddParams&);
using AddFn = Status (*)(const AddParams&, const int8_t*, const int8_t*, int8_t*,
                         std::span<uint8_t>);

KernelRun Runner(const AddCase& c, AddFn kernel) {
  return [&c, kernel](std::span<uint8_t> scratch, int8_t* output) {
    return kernel(c.params, c.input1.data(), c.input2.data(), output, scratch);
  };
}

void ExpectBitExactCase(const AddCase& c, ScratchFn scratch_bytes, AddFn kernel) {
  ExpectBitExact(c.name, c.OutputBytes(), ref::AddScratchBytes(c.params), Runner(c, &ref::Add),
                 scratch_bytes(c.params), Runner(c, kernel));
}

void ExpectSweepBitExact(uint32_t seed, ScratchFn scratch_bytes, AddFn kernel) {
  Rng rng(seed);
  for (int i = 0; i < 600; ++i) {
    ExpectBitExactCase(RandomAdd(rng, /*broadcast=*/i % 3 == 0), scratch_bytes, kernel);
    if (::testing::Test::HasFailure()) return;
  }
}

// Every (a, b) int8 pair, same shape, under a few scale and offset settings.
void ExpectAllPairsBitExact(ScratchFn scratch_bytes, AddFn kernel) {
  Rng rng(7403);
  for (int setting = 0; setting < 6; ++setting) {
    AddCase c = RandomAdd(rng, false);
    SetShape({256 * 256}, c.params.shapes.input1);
    SetShape({256 * 256}, c.params.shapes.input2);
    SetShape({256 * 256}, c.params.shapes.output);
    c.input1.resize(256 * 256);
    c.input2.resize(256 * 256);
    for (int a = 0; a < 256; ++a) {
      for (int b = 0; b < 256; ++b) {
        c.input1[a * 256 + b] = static_cast<int8_t>(a - 128);
        c.input2[a * 256 + b] = static_cast<int8_t>(b - 128);
      }
    }
    c.name += " all pairs";
    ExpectBitExactCase(c, scratch_bytes, kernel);
  }
}

// TensorFlow Lite's left shift of 20 hides the inner rescales' rounding behind a large output
// shift; small shifts let their ties (rounded away from zero) reach the output.
void ExpectSmallShiftSweepBitExact(ScratchFn scratch_bytes, AddFn kernel) {
  Rng rng(7405);
  for (int i = 0; i < 300; ++i) {
    AddCase c = RandomAdd(rng, /*broadcast=*/i % 4 == 0);
    AddParams& p = c.params;
    p.left_shift = Uniform(rng, 0, 12);
    for (int32_t* multiplier : {&p.input1_multiplier, &p.input2_multiplier, &p.output_multiplier}) {
      *multiplier = Uniform(rng, 1 << 30, 2147483647);
    }
    p.input1_shift = Uniform(rng, -4, 0);
    p.input2_shift = Uniform(rng, -4, 0);
    p.output_shift = std::min(0, -p.left_shift + Uniform(rng, -3, 2));
    c.name += " small shifts";
    ExpectBitExactCase(c, scratch_bytes, kernel);
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(ArmAddVariants, EqualRefWhenInnerRoundingReachesTheOutput) {
  ExpectSmallShiftSweepBitExact(&arm_dsp::AddScratchBytes, &arm_dsp::Add);
  ExpectSmallShiftSweepBitExact(&arm_mve::AddScratchBytes, &arm_mve::Add);
}

TEST(ArmDspAdd, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7401, &arm_dsp::AddScratchBytes, &arm_dsp::Add);
}

TEST(ArmMveAdd, EqualsRefOverShapeSweep) {
  ExpectSweepBitExact(7402, &arm_mve::AddScratchBytes, &arm_mve::Add);
}

TEST(ArmAddVariants, EqualRefOnEveryPairOfInt8Values) {
  ExpectAllPairsBitExact(&arm_dsp::AddScratchBytes, &arm_dsp::Add);
  ExpectAllPairsBitExact(&arm_mve::AddScratchBytes, &arm_mve::Add);
}

TEST(ArmAddVariants, RejectTheParamsRefRejects) {
  Rng rng(7404);
  AddCase c = RandomAdd(rng, false);
  c.params.output_shift = 3;
  std::vector<int8_t> output(c.OutputBytes());
  for (AddFn kernel : {AddFn{&arm_dsp::Add}, AddFn{&arm_mve::Add}}) {
    const Status status = kernel(c.params, c.input1.data(), c.input2.data(), output.data(), {});
    EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams) << status.message();
  }
}

}  // namespace
}  // namespace arenastore::kernels::device_testing
