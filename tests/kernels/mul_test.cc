#include "ops/mul/ref.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::BroadcastSourceIndex;
using testing::ElementCount;
using testing::OracleRequantize;
using testing::RandomBroadcastShapes;
using testing::RandomInt;
using testing::RandomInt8;
using testing::RunGuarded;
using testing::SetBroadcastShape;

struct Quant {
  double scale;
  int32_t zero_point;
};

MulParams MakeMulParams(const BroadcastShapes& shapes, Quant in1, Quant in2, Quant out) {
  MulParams p{};
  p.shapes = shapes;
  p.input1_offset = -in1.zero_point;
  p.input2_offset = -in2.zero_point;
  p.output_offset = out.zero_point;
  const auto m = testing::QuantizeMultiplierForTest(in1.scale * in2.scale / out.scale);
  p.output_multiplier = m.multiplier;
  p.output_shift = m.shift;
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

MulParams SameShapeParams(const std::vector<int32_t>& shape, Quant in1, Quant in2, Quant out) {
  BroadcastShapes shapes{};
  SetBroadcastShape(shape, shapes.input1);
  SetBroadcastShape(shape, shapes.input2);
  SetBroadcastShape(shape, shapes.output);
  return MakeMulParams(shapes, in1, in2, out);
}

std::vector<int8_t> MulOracle(const MulParams& p, const std::vector<int8_t>& a,
                              const std::vector<int8_t>& b) {
  std::vector<int8_t> out(ElementCount(p.shapes.output));
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t x = a[BroadcastSourceIndex(i, p.shapes.output, p.shapes.input1)];
    const int64_t y = b[BroadcastSourceIndex(i, p.shapes.output, p.shapes.input2)];
    const int64_t product = (x + p.input1_offset) * (y + p.input2_offset);
    const int64_t result =
        OracleRequantize(product, p.output_multiplier, p.output_shift) + p.output_offset;
    out[i] = static_cast<int8_t>(std::clamp<int64_t>(result, p.activation_min, p.activation_max));
  }
  return out;
}

std::vector<int8_t> RunMul(const MulParams& p, const std::vector<int8_t>& a,
                           const std::vector<int8_t>& b) {
  std::vector<int8_t> out(ElementCount(p.shapes.output), 0x55);
  const Status status = Mul(p, a.data(), b.data(), out.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return out;
}

TEST(MulRef, MultiplyingByOneIsTheIdentity) {
  // input2 = 64 at scale 1/64 is exactly 1.0; the output shares input1's quantization.
  std::mt19937 rng(31);
  const MulParams p = SameShapeParams({100}, {0.05, 9}, {1.0 / 64.0, 0}, {0.05, 9});
  const std::vector<int8_t> a = RandomInt8(rng, 100);
  EXPECT_EQ(RunMul(p, a, std::vector<int8_t>(100, 64)), a);
}

TEST(MulRef, MultiplyingByTheZeroPointGivesTheOutputZeroPoint) {
  std::mt19937 rng(32);
  const MulParams p = SameShapeParams({50}, {0.3, -20}, {0.7, 33}, {0.11, -100});
  EXPECT_EQ(RunMul(p, RandomInt8(rng, 50), std::vector<int8_t>(50, 33)),
            std::vector<int8_t>(50, -100));
}

TEST(MulRef, HandCheckedProductsRoundTwiceLikeTensorFlowLite) {
  // Scales 1, 1 -> 4: the multiplier 1/4 is 2^30 with shift -1, so a product first goes
  // through the doubling high multiply (x / 2, ties up) and then a rounding shift by one (ties
  // away from zero). 9 -> 4.5 -> 5 -> 2.5 -> 3, where a single rounding of 2.25 would give 2.
  const MulParams p = SameShapeParams({6}, {1.0, 0}, {1.0, 0}, {4.0, 0});
  ASSERT_EQ(p.output_multiplier, 1 << 30);
  ASSERT_EQ(p.output_shift, -1);
  EXPECT_EQ(RunMul(p, {2, -2, 3, 5, 100, -100}, {3, 3, 3, -1, 100, 100}),
            (std::vector<int8_t>{2, -2, 3, -1, 127, -128}));  // 6, -6, 9, -5, 10000, -10000
}

TEST(MulRef, BroadcastsAScalar) {
  BroadcastShapes shapes{};
  SetBroadcastShape({2, 2}, shapes.input1);
  SetBroadcastShape({1}, shapes.input2);
  SetBroadcastShape({2, 2}, shapes.output);
  const MulParams p = MakeMulParams(shapes, {1.0, 0}, {1.0, 0}, {1.0, 0});
  EXPECT_EQ(RunMul(p, {1, -2, 3, -4}, {5}), (std::vector<int8_t>{5, -10, 15, -20}));
}

TEST(MulRef, MatchesTheOracleWithRandomScalesAndBroadcasting) {
  std::mt19937 rng(33);
  auto random_quant = [&] {
    return Quant{0.002 + RandomInt(rng, 0, 1000) / 1000.0, RandomInt(rng, -128, 127)};
  };
  for (int trial = 0; trial < 400; ++trial) {
    MulParams p =
        MakeMulParams(RandomBroadcastShapes(rng), random_quant(), random_quant(), random_quant());
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const std::vector<int8_t> a = RandomInt8(rng, ElementCount(p.shapes.input1));
    const std::vector<int8_t> b = RandomInt8(rng, ElementCount(p.shapes.input2));
    ASSERT_EQ(RunMul(p, a, b), MulOracle(p, a, b)) << "trial " << trial;
  }
}

TEST(MulRef, NeedsNoScratchAndTouchesNone) {
  std::mt19937 rng(34);
  const MulParams p = MakeMulParams(RandomBroadcastShapes(rng), {0.1, 1}, {0.2, 2}, {0.3, 3});
  EXPECT_EQ(MulScratchBytes(p), 0u);
  const std::vector<int8_t> a = RandomInt8(rng, ElementCount(p.shapes.input1));
  const std::vector<int8_t> b = RandomInt8(rng, ElementCount(p.shapes.input2));
  std::vector<int8_t> out(ElementCount(p.shapes.output));
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return Mul(p, a.data(), b.data(), out.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
  }
}

TEST(MulRef, RejectsShapesThatDoNotBroadcast) {
  MulParams p = SameShapeParams({4}, {1.0, 0}, {1.0, 0}, {1.0, 0});
  p.shapes.output[kMaxBroadcastRank - 1] = 5;
  int8_t data[5] = {};
  EXPECT_EQ(Mul(p, data, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
