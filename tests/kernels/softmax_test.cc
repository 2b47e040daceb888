#include "ops/softmax/ref.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::RandomInt;
using testing::RandomInt8;
using testing::RunGuarded;

// Input scaling of TensorFlow Lite's int8 softmax for beta = 1 and the given input scale
// (PreprocessSoftmaxScaling with 5 integer bits, CalculateInputRadius).
SoftmaxParams ParamsFor(double input_scale, int32_t outer_size, int32_t depth) {
  const testing::QuantizedMultiplier m =
      testing::QuantizeMultiplierForTest(input_scale * static_cast<double>(1 << 26));
  const double radius = 31.0 * static_cast<double>(1 << 26) / std::ldexp(1.0, m.shift);
  return {
      outer_size,        depth, m.multiplier, m.shift, -static_cast<int32_t>(std::floor(radius)),
      ElementType::kInt8};
}

std::vector<int8_t> RunSoftmax(const SoftmaxParams& params, const std::vector<int8_t>& input) {
  std::vector<int8_t> output(input.size(), 0x55);
  const Status status = Softmax(params, input.data(), output.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return output;
}

TEST(SoftmaxRef, DerivedScalingMatchesTheRealModels) {
  // The values TensorFlow Lite Micro computes for these models' softmax inputs.
  const SoftmaxParams micro_speech = ParamsFor(0.09173192083835602, 1, 4);
  EXPECT_EQ(micro_speech.input_multiplier, 1575942400);
  EXPECT_EQ(micro_speech.input_left_shift, 23);
  EXPECT_EQ(micro_speech.diff_min, -248);
  const SoftmaxParams vww = ParamsFor(0.014636218547821045, 1, 2);
  EXPECT_EQ(vww.input_multiplier, 2011586560);
  EXPECT_EQ(vww.input_left_shift, 20);
  EXPECT_EQ(vww.diff_min, -1984);
}

struct GoldenRow {
  const char* name;
  double input_scale;
  std::vector<int8_t> input;
  std::vector<int8_t> expected;
};

// Softmax input and output of real models as TensorFlow Lite Micro's reference kernels
// computed them (shared/models/golden): the outputs are the recorded output tensors; the
// inputs were recovered from the recorded CRC-32 of the softmax input tensor (4 bytes for
// micro_speech: CRC-32 is a bijection on 32-bit messages; 2 bytes for vww: the single match
// among all 65536).
TEST(SoftmaxRef, MatchesTensorFlowLiteMicroOnRealModelRows) {
  const double kMicroSpeech = 0.09173192083835602;
  const double kVww = 0.014636218547821045;
  const std::vector<GoldenRow> rows = {
      {"micro_speech pattern7", kMicroSpeech, {-128, 121, 75, 85}, {-128, 115, -124, -119}},
      {"micro_speech seed1", kMicroSpeech, {-24, 24, 24, 28}, {-127, -54, -54, -21}},
      {"micro_speech seed2", kMicroSpeech, {-17, 31, 28, 17}, {-126, -3, -33, -93}},
      {"micro_speech seed3", kMicroSpeech, {-26, 37, 27, 16}, {-127, 37, -62, -104}},
      {"vww pattern7", kVww, {124, -128}, {122, -122}},
      {"vww seed1", kVww, {105, -112}, {118, -118}},
      {"vww seed2", kVww, {90, -97}, {112, -112}},
      {"vww seed3", kVww, {101, -108}, {117, -117}},
  };
  for (const GoldenRow& row : rows) {
    const SoftmaxParams params =
        ParamsFor(row.input_scale, 1, static_cast<int32_t>(row.input.size()));
    EXPECT_EQ(RunSoftmax(params, row.input), row.expected) << row.name;
  }
}

TEST(SoftmaxRef, EqualInputsShareProbabilityExactly) {
  // 1/2 -> 128/256, 1/4 -> 64/256, 1/8 -> 32/256: exact in the output's 1/256 steps.
  const struct {
    int32_t depth;
    int8_t expected;
  } cases[] = {{1, 127}, {2, 0}, {4, -64}, {8, -96}, {16, -112}, {256, -127}};
  for (const auto& c : cases) {
    const SoftmaxParams params = ParamsFor(0.1, 1, c.depth);
    const std::vector<int8_t> input(static_cast<size_t>(c.depth), 17);
    const std::vector<int8_t> output = RunSoftmax(params, input);
    for (int8_t v : output) ASSERT_EQ(v, c.expected) << "depth " << c.depth;
  }
}

TEST(SoftmaxRef, SaturatesToOneTwentySevenWhenOneEntryDominates) {
  // Every other entry is below diff_min, so the winner's probability is exactly 1 (256/256),
  // which the int8 output cannot hold: it saturates to 127 and the rest are -128.
  const SoftmaxParams params = ParamsFor(0.17185351252555847, 1, 10);
  ASSERT_EQ(params.diff_min, -124);
  const std::vector<int8_t> input = {-128, -128, -128, 127, -128, -128, -128, -128, -128, -128};
  const std::vector<int8_t> expected = {-128, -128, -128, 127, -128, -128, -128, -128, -128, -128};
  EXPECT_EQ(RunSoftmax(params, input), expected);
}

TEST(SoftmaxRef, EntriesBelowDiffMinGiveMinus128AndDoNotCount) {
  SoftmaxParams params = ParamsFor(0.05, 1, 3);
  const std::vector<int8_t> input = {100, 100, 20};  // difference -80
  const std::vector<int8_t> with_third = RunSoftmax(params, input);
  EXPECT_GT(with_third[2], -128);
  EXPECT_LT(with_third[0], 0);
  params.diff_min = -79;  // now the third entry falls below the cut-off
  const std::vector<int8_t> cut = RunSoftmax(params, input);
  EXPECT_EQ(cut[2], -128);
  EXPECT_EQ(cut[0], 0);  // the two remaining entries split the probability exactly
  EXPECT_EQ(cut[1], 0);
}

TEST(SoftmaxRef, AgreesWithFloatSoftmaxWithinOneStepOnRandomRows) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 200; ++trial) {
    const double scale =
        std::ldexp(1.0, RandomInt(rng, -8, 0)) * (1.0 + RandomInt(rng, 0, 99) / 100.0);
    const int32_t depth = RandomInt(rng, 1, 40);
    const int32_t rows = RandomInt(rng, 1, 3);
    const SoftmaxParams params = ParamsFor(scale, rows, depth);
    const std::vector<int8_t> input = RandomInt8(rng, static_cast<size_t>(rows * depth));
    const std::vector<int8_t> output = RunSoftmax(params, input);
    for (int32_t r = 0; r < rows; ++r) {
      double sum = 0.0;
      int max_value = -128;
      for (int32_t c = 0; c < depth; ++c)
        max_value = std::max<int>(max_value, input[r * depth + c]);
      for (int32_t c = 0; c < depth; ++c)
        sum += std::exp(scale * (input[r * depth + c] - max_value));
      for (int32_t c = 0; c < depth; ++c) {
        const int diff = input[r * depth + c] - max_value;
        const double p = std::exp(scale * diff) / sum;
        const double expected = std::min(127.0, std::round(p * 256.0) - 128.0);
        const int tolerance = 1;
        EXPECT_NEAR(output[r * depth + c], expected, tolerance)
            << "trial " << trial << " scale " << scale << " row " << r << " col " << c;
      }
    }
  }
}

TEST(SoftmaxRef, RowsAreIndependent) {
  const SoftmaxParams one_row = ParamsFor(0.2, 1, 5);
  const SoftmaxParams two_rows = ParamsFor(0.2, 2, 5);
  const std::vector<int8_t> first = {1, 2, 3, 4, 5};
  const std::vector<int8_t> second = {-50, 60, 0, 7, 7};
  std::vector<int8_t> both = first;
  both.insert(both.end(), second.begin(), second.end());
  std::vector<int8_t> expected = RunSoftmax(one_row, first);
  const std::vector<int8_t> second_out = RunSoftmax(one_row, second);
  expected.insert(expected.end(), second_out.begin(), second_out.end());
  EXPECT_EQ(RunSoftmax(two_rows, both), expected);
}

TEST(SoftmaxRef, NeedsNoScratchAndTouchesNone) {
  const SoftmaxParams params = ParamsFor(0.1, 2, 6);
  EXPECT_EQ(SoftmaxScratchBytes(params), 0u);
  std::mt19937 rng(3);
  const std::vector<int8_t> input = RandomInt8(rng, 12);
  std::vector<int8_t> output(12);
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return Softmax(params, input.data(), output.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
  }
}

TEST(SoftmaxRef, RejectsZeroDepthAndRightShiftScaling) {
  SoftmaxParams params = ParamsFor(0.1, 1, 0);
  int8_t data[1] = {0};
  EXPECT_EQ(Softmax(params, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
  params = ParamsFor(0.1, 1, 1);
  params.input_left_shift = -1;
  EXPECT_EQ(Softmax(params, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
