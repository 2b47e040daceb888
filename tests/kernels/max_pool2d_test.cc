#include "ops/max_pool2d/ref.h"

#include <gtest/gtest.h>

#include <algorithm>
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

// Straightforward oracle: per output element, the maximum over the in-bounds filter taps.
std::vector<int8_t> MaxPoolOracle(const Pool2dParams& p, const std::vector<int8_t>& in) {
  std::vector<int8_t> out;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_h; ++oy) {
      for (int ox = 0; ox < p.output_w; ++ox) {
        for (int c = 0; c < p.channels; ++c) {
          int best = -128;
          for (int fy = 0; fy < p.filter_h; ++fy) {
            for (int fx = 0; fx < p.filter_w; ++fx) {
              const int iy = oy * p.stride_h - p.pad_top + fy;
              const int ix = ox * p.stride_w - p.pad_left + fx;
              if (iy < 0 || iy >= p.input_h || ix < 0 || ix >= p.input_w) continue;
              best =
                  std::max<int>(best, in[((b * p.input_h + iy) * p.input_w + ix) * p.channels + c]);
            }
          }
          out.push_back(static_cast<int8_t>(std::clamp(best, p.activation_min, p.activation_max)));
        }
      }
    }
  }
  return out;
}

std::vector<int8_t> RunMaxPool(const Pool2dParams& p, const std::vector<int8_t>& input) {
  std::vector<int8_t> output(OutputElements(p), 0x55);
  const Status status = MaxPool2d(p, input.data(), output.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return output;
}

TEST(MaxPool2dRef, TakesTheLargestValueOfEachWindow) {
  // 4x4, 2x2 windows with stride 2, two channels interleaved.
  const Pool2dParams p = MakePool2dParams(1, 2, 2, 2, 2, 2, 2, 2, TestPadding::kValid);
  EXPECT_EQ(RunMaxPool(p, {1, -9, -3, -8, 7, -7, 2, -100}), (std::vector<int8_t>{7, -7}));
}

TEST(MaxPool2dRef, PaddingIsNeverAZero) {
  // All inputs negative: with SAME padding the border maxima stay negative.
  const Pool2dParams p = MakePool2dParams(1, 2, 2, 1, 3, 3, 1, 1, TestPadding::kSame);
  EXPECT_EQ(RunMaxPool(p, {-5, -6, -7, -8}), (std::vector<int8_t>{-5, -5, -5, -5}));
}

TEST(MaxPool2dRef, ClampsToTheActivationRange) {
  Pool2dParams p = MakePool2dParams(1, 1, 4, 1, 1, 2, 1, 2, TestPadding::kValid);
  p.activation_min = -100;
  p.activation_max = 6;
  EXPECT_EQ(RunMaxPool(p, {-128, -128, 100, 3}), (std::vector<int8_t>{-100, 6}));
}

TEST(MaxPool2dRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 300; ++trial) {
    const TestPadding padding =
        RandomInt(rng, 0, 1) == 0 ? TestPadding::kSame : TestPadding::kValid;
    const int filter_h = RandomInt(rng, 1, 4);
    const int filter_w = RandomInt(rng, 1, 4);
    Pool2dParams p =
        MakePool2dParams(RandomInt(rng, 1, 2), RandomInt(rng, filter_h, 9),
                         RandomInt(rng, filter_w, 9), RandomInt(rng, 1, 9), filter_h, filter_w,
                         RandomInt(rng, 1, 3), RandomInt(rng, 1, 3), padding);
    if (RandomInt(rng, 0, 2) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const std::vector<int8_t> input =
        RandomInt8(rng, static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.channels);
    ASSERT_EQ(RunMaxPool(p, input), MaxPoolOracle(p, input)) << "trial " << trial;
  }
}

TEST(MaxPool2dRef, NeedsNoScratchAndTouchesNone) {
  const Pool2dParams p = MakePool2dParams(1, 6, 6, 4, 3, 3, 2, 2, TestPadding::kSame);
  EXPECT_EQ(MaxPool2dScratchBytes(p), 0u);
  std::mt19937 rng(2);
  const std::vector<int8_t> input = RandomInt8(rng, 6 * 6 * 4);
  std::vector<int8_t> output(OutputElements(p));
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return MaxPool2d(p, input.data(), output.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
    EXPECT_EQ(output, MaxPoolOracle(p, input));
  }
}

TEST(MaxPool2dRef, RejectsZeroStride) {
  Pool2dParams p = MakePool2dParams(1, 2, 2, 1, 1, 1, 1, 1, TestPadding::kValid);
  p.stride_w = 0;
  int8_t data[4] = {};
  EXPECT_EQ(MaxPool2d(p, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

TEST(MaxPool2dInt16Ref, ComparesRawInt16ValuesAndClampsInInt16) {
  // One 2x2 window per channel: maxima 1000 and -200 (beyond int8), the first clamped to 900.
  Pool2dParams p = MakePool2dParams(1, 2, 2, 2, 2, 2, 2, 2, TestPadding::kValid);
  p.activation_min = -32768;
  p.activation_max = 900;
  const std::vector<int16_t> input = {1000, -300, -5000, -200, 999, -32768, 129, -32000};
  std::vector<int16_t> output(2, 0x5555);
  const Status status = MaxPool2dInt16(p, input.data(), output.data(), {});
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(output, (std::vector<int16_t>{900, -200}));
}

}  // namespace
}  // namespace arenastore::kernels::ref
