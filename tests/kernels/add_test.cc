#include "ops/add/ref.h"

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

// The params TensorFlow Lite derives for int8 ADD (left shift 20, inputs rescaled to twice the
// larger input scale).
AddParams MakeAddParams(const BroadcastShapes& shapes, Quant in1, Quant in2, Quant out) {
  AddParams p{};
  p.shapes = shapes;
  p.left_shift = 20;
  p.input1_offset = -in1.zero_point;
  p.input2_offset = -in2.zero_point;
  p.output_offset = out.zero_point;
  const double twice_max = 2.0 * std::max(in1.scale, in2.scale);
  const auto m1 = testing::QuantizeMultiplierForTest(in1.scale / twice_max);
  const auto m2 = testing::QuantizeMultiplierForTest(in2.scale / twice_max);
  const auto mo = testing::QuantizeMultiplierForTest(twice_max / (1048576.0 * out.scale));
  p.input1_multiplier = m1.multiplier;
  p.input1_shift = m1.shift;
  p.input2_multiplier = m2.multiplier;
  p.input2_shift = m2.shift;
  p.output_multiplier = mo.multiplier;
  p.output_shift = mo.shift;
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

AddParams SameShapeParams(const std::vector<int32_t>& shape, Quant in1, Quant in2, Quant out) {
  BroadcastShapes shapes{};
  SetBroadcastShape(shape, shapes.input1);
  SetBroadcastShape(shape, shapes.input2);
  SetBroadcastShape(shape, shapes.output);
  return MakeAddParams(shapes, in1, in2, out);
}

std::vector<int8_t> AddOracle(const AddParams& p, const std::vector<int8_t>& a,
                              const std::vector<int8_t>& b) {
  std::vector<int8_t> out(ElementCount(p.shapes.output));
  for (size_t i = 0; i < out.size(); ++i) {
    const int64_t x = a[BroadcastSourceIndex(i, p.shapes.output, p.shapes.input1)];
    const int64_t y = b[BroadcastSourceIndex(i, p.shapes.output, p.shapes.input2)];
    const int64_t scaled1 = OracleRequantize((x + p.input1_offset) * (1ll << p.left_shift),
                                             p.input1_multiplier, p.input1_shift);
    const int64_t scaled2 = OracleRequantize((y + p.input2_offset) * (1ll << p.left_shift),
                                             p.input2_multiplier, p.input2_shift);
    const int64_t sum =
        OracleRequantize(scaled1 + scaled2, p.output_multiplier, p.output_shift) + p.output_offset;
    out[i] = static_cast<int8_t>(std::clamp<int64_t>(sum, p.activation_min, p.activation_max));
  }
  return out;
}

std::vector<int8_t> RunAdd(const AddParams& p, const std::vector<int8_t>& a,
                           const std::vector<int8_t>& b) {
  std::vector<int8_t> out(ElementCount(p.shapes.output), 0x55);
  const Status status = Add(p, a.data(), b.data(), out.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return out;
}

TEST(AddRef, EqualScalesAddOffsetValuesExactlyAndSaturate) {
  // With one scale everywhere the fixed-point path is exact: out = (a - zp1) + (b - zp2) + zpo.
  const AddParams p = SameShapeParams({5}, {0.5, 3}, {0.5, -2}, {0.5, 5});
  EXPECT_EQ(RunAdd(p, {10, 100, -100, 3, -128}, {-2, 100, -100, 7, 127}),
            (std::vector<int8_t>{12, 127, -128, 14, 3}));  // 7+0+5, sat, sat, 0+9+5, -131+129+5
}

TEST(AddRef, AddingTheOtherInputsZeroPointLeavesAValueUnchanged) {
  std::mt19937 rng(21);
  const AddParams p = SameShapeParams({64}, {0.1, -7}, {0.37, 12}, {0.1, -7});
  const std::vector<int8_t> a = RandomInt8(rng, 64);
  EXPECT_EQ(RunAdd(p, a, std::vector<int8_t>(64, 12)), a);
}

TEST(AddRef, BroadcastsARowAndAColumn) {
  BroadcastShapes row{};
  SetBroadcastShape({2, 3}, row.input1);
  SetBroadcastShape({3}, row.input2);
  SetBroadcastShape({2, 3}, row.output);
  const AddParams row_params = MakeAddParams(row, {1.0, 0}, {1.0, 0}, {1.0, 0});
  EXPECT_EQ(RunAdd(row_params, {1, 2, 3, 4, 5, 6}, {10, 20, 30}),
            (std::vector<int8_t>{11, 22, 33, 14, 25, 36}));
  BroadcastShapes column{};
  SetBroadcastShape({2, 1}, column.input1);
  SetBroadcastShape({1, 3}, column.input2);
  SetBroadcastShape({2, 3}, column.output);
  const AddParams column_params = MakeAddParams(column, {1.0, 0}, {1.0, 0}, {1.0, 0});
  EXPECT_EQ(RunAdd(column_params, {1, 2}, {10, 20, 30}),
            (std::vector<int8_t>{11, 21, 31, 12, 22, 32}));
}

TEST(AddRef, ClampsToTheActivationRange) {
  AddParams p = SameShapeParams({3}, {1.0, 0}, {1.0, 0}, {1.0, 0});
  p.activation_min = 0;  // relu
  p.activation_max = 6;  // relu6 at scale 1
  EXPECT_EQ(RunAdd(p, {-5, 2, 7}, {1, 2, 3}), (std::vector<int8_t>{0, 4, 6}));
}

TEST(AddRef, MatchesTheOracleWithRandomScalesAndBroadcasting) {
  std::mt19937 rng(22);
  auto random_quant = [&] {
    return Quant{0.002 + RandomInt(rng, 0, 1000) / 1000.0, RandomInt(rng, -128, 127)};
  };
  for (int trial = 0; trial < 400; ++trial) {
    AddParams p =
        MakeAddParams(RandomBroadcastShapes(rng), random_quant(), random_quant(), random_quant());
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const std::vector<int8_t> a = RandomInt8(rng, ElementCount(p.shapes.input1));
    const std::vector<int8_t> b = RandomInt8(rng, ElementCount(p.shapes.input2));
    ASSERT_EQ(RunAdd(p, a, b), AddOracle(p, a, b)) << "trial " << trial;
  }
}

TEST(AddRef, ApproximatesTheRealSumWithinOneStep) {
  std::mt19937 rng(23);
  const Quant in1{0.0731, -4}, in2{0.0213, 17}, out{0.09, 3};
  const AddParams p = SameShapeParams({256}, in1, in2, out);
  const std::vector<int8_t> a = RandomInt8(rng, 256);
  const std::vector<int8_t> b = RandomInt8(rng, 256);
  const std::vector<int8_t> got = RunAdd(p, a, b);
  for (size_t i = 0; i < got.size(); ++i) {
    const double real = in1.scale * (a[i] - in1.zero_point) + in2.scale * (b[i] - in2.zero_point);
    const double expected =
        std::clamp(std::round(real / out.scale) + out.zero_point, -128.0, 127.0);
    EXPECT_NEAR(got[i], expected, 1.0) << "element " << i;
  }
}

TEST(AddRef, NeedsNoScratchAndTouchesNone) {
  std::mt19937 rng(24);
  const AddParams p = MakeAddParams(RandomBroadcastShapes(rng), {0.1, 1}, {0.2, 2}, {0.3, 3});
  EXPECT_EQ(AddScratchBytes(p), 0u);
  const std::vector<int8_t> a = RandomInt8(rng, ElementCount(p.shapes.input1));
  const std::vector<int8_t> b = RandomInt8(rng, ElementCount(p.shapes.input2));
  std::vector<int8_t> out(ElementCount(p.shapes.output));
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return Add(p, a.data(), b.data(), out.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
  }
}

TEST(AddRef, RejectsShapesThatDoNotBroadcast) {
  AddParams p = SameShapeParams({2, 3}, {1.0, 0}, {1.0, 0}, {1.0, 0});
  p.shapes.input2[kMaxBroadcastRank - 1] = 2;
  int8_t data[6] = {};
  const Status status = Add(p, data, data, data, {});
  EXPECT_EQ(status.code(), ErrorCode::kKernelInvalidParams);
  EXPECT_STREQ(status.message(), "add/ref: dimension 5: inputs 3 and 2 do not broadcast to 3");
}

TEST(AddRef, RejectsMultipliersAboveOne) {
  AddParams p = SameShapeParams({1}, {1.0, 0}, {1.0, 0}, {1.0, 0});
  p.input1_shift = 1;
  int8_t data[1] = {};
  EXPECT_EQ(Add(p, data, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

// The params TensorFlow Lite Micro derives for int16 ADD: the int8 ones with a left shift of 15
// and the activation range of int16.
AddParams Int16SameShapeParams(const std::vector<int32_t>& shape, Quant in1, Quant in2, Quant out) {
  AddParams p = SameShapeParams(shape, in1, in2, out);
  p.left_shift = 15;
  const double twice_max = 2.0 * std::max(in1.scale, in2.scale);
  const auto mo = testing::QuantizeMultiplierForTest(twice_max / (32768.0 * out.scale));
  p.output_multiplier = mo.multiplier;
  p.output_shift = mo.shift;
  p.activation_min = -32768;
  p.activation_max = 32767;
  return p;
}

std::vector<int16_t> RunAddInt16(const AddParams& p, const std::vector<int16_t>& a,
                                 const std::vector<int16_t>& b) {
  std::vector<int16_t> out(ElementCount(p.shapes.output), 0x5555);
  const Status status = AddInt16(p, a.data(), b.data(), out.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return out;
}

TEST(AddInt16, EqualScalesAddExactlyAndSaturateAtTheInt16Range) {
  const AddParams p = Int16SameShapeParams({4}, {0.5, 0}, {0.5, 0}, {0.5, 0});
  EXPECT_EQ(RunAddInt16(p, {1000, 30000, -30000, -32768}, {-3, 30000, -30000, 32767}),
            (std::vector<int16_t>{997, 32767, -32768, -1}));
}

TEST(AddInt16, TakesInt16ZeroPointsThatTheInt8KernelRefuses) {
  const AddParams p = Int16SameShapeParams({2}, {0.5, 1000}, {0.5, -1000}, {0.5, 0});
  EXPECT_EQ(RunAddInt16(p, {1010, 2000}, {-990, -1000}), (std::vector<int16_t>{20, 1000}));
  int8_t data[2] = {};
  EXPECT_EQ(Add(p, data, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

TEST(AddInt16, RejectsALeftShiftAbove15) {
  AddParams p = Int16SameShapeParams({1}, {1.0, 0}, {1.0, 0}, {1.0, 0});
  p.left_shift = 16;  // (32768 + 32767) * 2^16 would leave int32
  int16_t data[1] = {};
  EXPECT_EQ(AddInt16(p, data, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
