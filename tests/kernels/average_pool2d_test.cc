#include "ops/average_pool2d/ref.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::MakePool2dParams;
using testing::OutputElements;
using testing::RandomInt;
using testing::RandomInt8;
using testing::RunGuarded;
using testing::TestPadding;

// Straightforward oracle: per output element, walk the whole filter window and skip what lies
// outside the input; round the exact mean half away from zero with std::lround.
std::vector<int8_t> AveragePoolOracle(const Pool2dParams& p, const std::vector<int8_t>& in) {
  std::vector<int8_t> out;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_h; ++oy) {
      for (int ox = 0; ox < p.output_w; ++ox) {
        for (int c = 0; c < p.channels; ++c) {
          long sum = 0;
          long count = 0;
          for (int fy = 0; fy < p.filter_h; ++fy) {
            for (int fx = 0; fx < p.filter_w; ++fx) {
              const int iy = oy * p.stride_h - p.pad_top + fy;
              const int ix = ox * p.stride_w - p.pad_left + fx;
              if (iy < 0 || iy >= p.input_h || ix < 0 || ix >= p.input_w) continue;
              sum += in[((b * p.input_h + iy) * p.input_w + ix) * p.channels + c];
              ++count;
            }
          }
          const long mean = std::lround(static_cast<double>(sum) / static_cast<double>(count));
          out.push_back(
              static_cast<int8_t>(std::clamp<long>(mean, p.activation_min, p.activation_max)));
        }
      }
    }
  }
  return out;
}

std::vector<int8_t> RunAveragePool(const Pool2dParams& p, const std::vector<int8_t>& input) {
  std::vector<int8_t> output(OutputElements(p), 0x55);
  std::vector<int32_t> scratch(static_cast<size_t>(p.channels));
  const Status status =
      AveragePool2d(p, input.data(), output.data(),
                    {reinterpret_cast<uint8_t*>(scratch.data()), scratch.size() * 4});
  EXPECT_TRUE(status.ok()) << status.message();
  return output;
}

TEST(AveragePool2dRef, RoundsTheMeanHalfAwayFromZero) {
  const Pool2dParams p = MakePool2dParams(1, 1, 2, 1, 1, 2, 1, 1, TestPadding::kValid);
  EXPECT_EQ(RunAveragePool(p, {1, 2}), std::vector<int8_t>{2});     // 1.5
  EXPECT_EQ(RunAveragePool(p, {-1, -2}), std::vector<int8_t>{-2});  // -1.5
  EXPECT_EQ(RunAveragePool(p, {-1, 2}), std::vector<int8_t>{1});    // 0.5
  EXPECT_EQ(RunAveragePool(p, {1, -2}), std::vector<int8_t>{-1});   // -0.5
  const Pool2dParams square = MakePool2dParams(1, 2, 2, 1, 2, 2, 1, 1, TestPadding::kValid);
  EXPECT_EQ(RunAveragePool(square, {1, 2, 3, 5}), std::vector<int8_t>{3});       // 2.75
  EXPECT_EQ(RunAveragePool(square, {-1, -2, -3, -5}), std::vector<int8_t>{-3});  // -2.75
}

TEST(AveragePool2dRef, PaddingCountsInNeitherSumNorDivisor) {
  // 3x3 SAME on 1..9: a corner averages 4 pixels, an edge 6, the centre 9.
  const Pool2dParams p = MakePool2dParams(1, 3, 3, 1, 3, 3, 1, 1, TestPadding::kSame);
  ASSERT_EQ(p.pad_top, 1);
  // Row 0: (1+2+4+5)/4 = 3, (1+..+6)/6 = 3.5 -> 4, (2+3+5+6)/4 = 4.
  // Row 1: 27/6 = 4.5 -> 5, 45/9 = 5, 33/6 = 5.5 -> 6.
  // Row 2: 24/4 = 6, 39/6 = 6.5 -> 7, 28/4 = 7.
  const std::vector<int8_t> expected = {3, 4, 4, 5, 5, 6, 6, 7, 7};
  EXPECT_EQ(RunAveragePool(p, {1, 2, 3, 4, 5, 6, 7, 8, 9}), expected);
}

TEST(AveragePool2dRef, ClampsToTheActivationRange) {
  Pool2dParams p = MakePool2dParams(1, 1, 2, 2, 1, 2, 1, 1, TestPadding::kValid);
  p.activation_min = -20;
  p.activation_max = 50;
  EXPECT_EQ(RunAveragePool(p, {100, -100, 120, -110}), (std::vector<int8_t>{50, -20}));
}

TEST(AveragePool2dRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const TestPadding padding =
        RandomInt(rng, 0, 1) == 0 ? TestPadding::kSame : TestPadding::kValid;
    const int filter_h = RandomInt(rng, 1, 4);
    const int filter_w = RandomInt(rng, 1, 4);
    const int height = RandomInt(rng, filter_h, 9);
    const int width = RandomInt(rng, filter_w, 9);
    Pool2dParams p =
        MakePool2dParams(RandomInt(rng, 1, 2), height, width, RandomInt(rng, 1, 9), filter_h,
                         filter_w, RandomInt(rng, 1, 3), RandomInt(rng, 1, 3), padding);
    if (RandomInt(rng, 0, 2) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const std::vector<int8_t> input =
        RandomInt8(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.channels);
    ASSERT_EQ(RunAveragePool(p, input), AveragePoolOracle(p, input))
        << "trial " << trial << ": " << p.input_h << "x" << p.input_w << "x" << p.channels
        << " filter " << p.filter_h << "x" << p.filter_w << " stride " << p.stride_h << "x"
        << p.stride_w;
  }
}

TEST(AveragePool2dRef, ExtremeInputsDoNotOverflow) {
  // The whole KWS feature map, all at one extreme: the mean is that extreme exactly.
  const Pool2dParams p = MakePool2dParams(1, 25, 5, 64, 25, 5, 1, 1, TestPadding::kValid);
  for (const int8_t value : {int8_t{-128}, int8_t{127}}) {
    const std::vector<int8_t> input(25 * 5 * 64, value);
    EXPECT_EQ(RunAveragePool(p, input), std::vector<int8_t>(64, value));
  }
}

// TensorFlow Lite Micro's reference needs no buffer, so neither does the oracle kernel (since
// kernel library 1.9.0): a plan for ref never exceeds TensorFlow Lite Micro's arena here.
TEST(AveragePool2dRef, NeedsNoScratch) {
  EXPECT_EQ(
      AveragePool2dScratchBytes(MakePool2dParams(1, 25, 5, 64, 25, 5, 1, 1, TestPadding::kValid)),
      0u);
  EXPECT_EQ(
      AveragePool2dScratchBytes(MakePool2dParams(1, 8, 8, 3, 2, 2, 2, 2, TestPadding::kValid)), 0u);
}

TEST(AveragePool2dRef, UsesExactlyItsDeclaredScratchAndNoMore) {
  // The KWS global average pool, 25x5x64 -> 1x1x64.
  const Pool2dParams p = MakePool2dParams(1, 25, 5, 64, 25, 5, 1, 1, TestPadding::kValid);
  const size_t declared = AveragePool2dScratchBytes(p);
  std::mt19937 rng(5);
  const std::vector<int8_t> input = RandomInt8(rng, 25 * 5 * 64);
  std::vector<int8_t> output(64);
  for (const auto& run : RunGuarded(declared, [&](std::span<uint8_t> scratch) {
         return AveragePool2d(p, input.data(), output.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact) << "pattern " << int{run.pattern};
    EXPECT_LE(run.highest_touched_bytes, declared);
    EXPECT_EQ(output, AveragePoolOracle(p, input));
  }
}

TEST(AveragePool2dRef, RejectsAWindowEntirelyInPadding) {
  Pool2dParams p = MakePool2dParams(1, 2, 2, 1, 1, 1, 1, 1, TestPadding::kValid);
  p.pad_top = 1;  // output row 0 would average nothing
  std::vector<int8_t> input(4), output(4);
  EXPECT_EQ(AveragePool2d(p, input.data(), output.data(), {}).code(),
            ErrorCode::kKernelInvalidParams);
}

TEST(AveragePool2dInt16Ref, RoundsSumsBeyondInt8HalfAwayFromZeroAndClampsInInt16) {
  // Two 1x2 windows: (30001 + 30002) / 2 = 30001.5 -> 30002; (-30001 - 30002) / 2 -> -30002,
  // then clamped to the int16 activation range [-30000, 32767].
  Pool2dParams p = MakePool2dParams(1, 1, 2, 2, 1, 2, 1, 1, TestPadding::kValid);
  p.activation_min = -30000;
  p.activation_max = 32767;
  const std::vector<int16_t> input = {30001, -30001, 30002, -30002};
  std::vector<int16_t> output(2, 0x5555);
  const Status status = AveragePool2dInt16(p, input.data(), output.data(), {});
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(output, (std::vector<int16_t>{30002, -30000}));
}

}  // namespace
}  // namespace arenastore::kernels::ref
