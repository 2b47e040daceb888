#include "ops/depthwise_conv2d/ref.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tests/kernels/accumulating_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::BiasOrNull;
using testing::ConvOutputSize;
using testing::ConvPadBefore;
using testing::KernelRun;
using testing::OracleOutput;
using testing::RandomBias;
using testing::RandomInt;
using testing::RandomInt8;
using testing::RandomRequant;
using testing::RequantStorage;
using testing::RunKernelGuarded;
using testing::SameOutputs;
using testing::TestPadding;
using testing::UniformRequant;

// Real multiplier 0.5 at shift 0, 1.0 at shift 1 (multiplier * 2^(shift - 31)).
constexpr int32_t kHalf = 1 << 30;

struct Shape {
  int32_t batches, height, width, channels;
};

// Params with TensorFlow Lite's SAME/VALID geometry, zero points 0, no activation; the caller
// sets requant (count == output_c).
DepthwiseConv2dParams MakeParams(Shape in, int32_t depth_multiplier, int32_t filter_h,
                                 int32_t filter_w, int32_t stride, int32_t dilation,
                                 TestPadding padding) {
  DepthwiseConv2dParams p{};
  p.batches = in.batches;
  p.input_h = in.height;
  p.input_w = in.width;
  p.input_c = in.channels;
  p.depth_multiplier = depth_multiplier;
  p.output_c = in.channels * depth_multiplier;
  p.filter_h = filter_h;
  p.filter_w = filter_w;
  p.stride_h = p.stride_w = stride;
  p.dilation_h = p.dilation_w = dilation;
  p.output_h = ConvOutputSize(padding, in.height, filter_h, stride, dilation);
  p.output_w = ConvOutputSize(padding, in.width, filter_w, stride, dilation);
  p.pad_top = ConvPadBefore(in.height, filter_h, stride, dilation, p.output_h);
  p.pad_left = ConvPadBefore(in.width, filter_w, stride, dilation, p.output_w);
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

size_t InputElements(const DepthwiseConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
}
size_t FilterElements(const DepthwiseConv2dParams& p) {
  return static_cast<size_t>(p.filter_h) * p.filter_w * p.output_c;
}
size_t OutputElements(const DepthwiseConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
}

// Straightforward oracle in TensorFlow Lite's loop order (pixel, input channel, multiplier,
// taps), skipping taps outside the input; 64-bit accumulation, independent fixed-point steps.
std::vector<int8_t> DepthwiseOracle(const DepthwiseConv2dParams& p,
                                    const std::vector<int8_t>& input,
                                    const std::vector<int8_t>& filter,
                                    const std::vector<int32_t>& bias) {
  std::vector<int8_t> out(OutputElements(p));
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_h; ++oy) {
      for (int ox = 0; ox < p.output_w; ++ox) {
        for (int ic = 0; ic < p.input_c; ++ic) {
          for (int m = 0; m < p.depth_multiplier; ++m) {
            const int oc = ic * p.depth_multiplier + m;
            int64_t acc = 0;
            for (int fy = 0; fy < p.filter_h; ++fy) {
              for (int fx = 0; fx < p.filter_w; ++fx) {
                const int iy = oy * p.stride_h - p.pad_top + fy * p.dilation_h;
                const int ix = ox * p.stride_w - p.pad_left + fx * p.dilation_w;
                if (iy < 0 || iy >= p.input_h || ix < 0 || ix >= p.input_w) continue;
                const int x = input[((b * p.input_h + iy) * p.input_w + ix) * p.input_c + ic];
                const int w = filter[(fy * p.filter_w + fx) * p.output_c + oc];
                acc += static_cast<int64_t>(x - p.input_zero_point) * w;
              }
            }
            if (!bias.empty()) acc += bias[oc];
            out[((b * p.output_h + oy) * p.output_w + ox) * p.output_c + oc] =
                OracleOutput(acc, p.requant.multipliers[oc], p.requant.shifts[oc],
                             p.output_zero_point, p.activation_min, p.activation_max);
          }
        }
      }
    }
  }
  return out;
}

KernelRun RunDepthwise(const DepthwiseConv2dParams& p, const std::vector<int8_t>& input,
                       const std::vector<int8_t>& filter, const std::vector<int32_t>& bias = {}) {
  return RunKernelGuarded(DepthwiseConv2dScratchBytes(p), OutputElements(p),
                          [&](int8_t* output, std::span<uint8_t> scratch) {
                            return DepthwiseConv2d(p, input.data(), filter.data(), BiasOrNull(bias),
                                                   output, scratch);
                          });
}

TEST(DepthwiseConv2dRef, ComputesAHandCheckedValidConvolution) {
  // 2x2 input with channels {1, 10}, {2, 20}, {3, 30}, {4, 40}; 2x2 filter with taps
  // {1, 1}, {2, -1}, {3, 0}, {4, 1}; bias {0, 5}; real multiplier 1.0.
  //   channel 0: 1*1 + 2*2 + 3*3 + 4*4 = 30
  //   channel 1: 10*1 + 20*-1 + 30*0 + 40*1 = 30, + 5 = 35
  DepthwiseConv2dParams p = MakeParams({1, 2, 2, 2}, 1, 2, 2, 1, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(2, kHalf, 1);
  p.requant = requant.View();
  const KernelRun run =
      RunDepthwise(p, {1, 10, 2, 20, 3, 30, 4, 40}, {1, 1, 2, -1, 3, 0, 4, 1}, {0, 5});
  EXPECT_EQ(run.output, (std::vector<int8_t>{30, 35}));
}

TEST(DepthwiseConv2dRef, DepthMultiplierFeedsConsecutiveOutputChannels) {
  // One pixel {3, -2}, multiplier 2, weights {1, 2, 3, 4}: outputs 3*1, 3*2, -2*3, -2*4.
  DepthwiseConv2dParams p = MakeParams({1, 1, 1, 2}, 2, 1, 1, 1, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(4, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunDepthwise(p, {3, -2}, {1, 2, 3, 4}).output, (std::vector<int8_t>{3, 6, -6, -8}));
}

TEST(DepthwiseConv2dRef, PaddedTapsContributeNothing) {
  // 3x3 SAME, all-ones filter, input 1..9 with zero point 5 (values -4..4): each output is the
  // sum of its in-bounds neighbourhood; a padded tap read as raw 0 would add -5 instead.
  DepthwiseConv2dParams p = MakeParams({1, 3, 3, 1}, 1, 3, 3, 1, 1, TestPadding::kSame);
  ASSERT_EQ(p.pad_top, 1);
  p.input_zero_point = 5;
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  const KernelRun run = RunDepthwise(p, {1, 2, 3, 4, 5, 6, 7, 8, 9}, std::vector<int8_t>(9, 1));
  EXPECT_EQ(run.output, (std::vector<int8_t>{-8, -9, -4, -3, 0, 3, 4, 9, 8}));
}

TEST(DepthwiseConv2dRef, DilationSpreadsTheFilterTaps) {
  // 1x5 input 1..5, filter [1, 10] with dilation 2: in[x] + 10 * in[x + 2].
  DepthwiseConv2dParams p = MakeParams({1, 1, 5, 1}, 1, 1, 2, 1, 2, TestPadding::kValid);
  ASSERT_EQ(p.output_w, 3);
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunDepthwise(p, {1, 2, 3, 4, 5}, {1, 10}).output, (std::vector<int8_t>{31, 42, 53}));
}

TEST(DepthwiseConv2dRef, RoundsTiesAsTensorFlowLiteDoes) {
  // One pixel, weight 1: the accumulator is the input value. High multiply rounds half up,
  // the power-of-two divide half away from zero, in that order (double rounding).
  struct Tie {
    int8_t value;
    int32_t shift;
    int8_t expected;
  };
  const Tie ties[] = {{3, 0, 2},   {-3, 0, -1},  {5, 0, 3},  {-5, 0, -2}, {1, -1, 1},
                      {-1, -1, 0}, {-2, -1, -1}, {6, -1, 2}, {-6, -1, -2}};
  for (const Tie& tie : ties) {
    DepthwiseConv2dParams p = MakeParams({1, 1, 1, 1}, 1, 1, 1, 1, 1, TestPadding::kValid);
    const RequantStorage requant = UniformRequant(1, kHalf, tie.shift);
    p.requant = requant.View();
    EXPECT_EQ(RunDepthwise(p, {tie.value}, {1}).output, std::vector<int8_t>{tie.expected})
        << "value " << int{tie.value} << " shift " << tie.shift;
  }
}

TEST(DepthwiseConv2dRef, SaturatesAtTheInt8RangeAndClampsToTheActivation) {
  std::mt19937 rng(3);
  DepthwiseConv2dParams p = MakeParams({1, 4, 4, 3}, 2, 3, 3, 1, 1, TestPadding::kSame);
  const RequantStorage requant = RandomRequant(rng, 6, 9);
  p.requant = requant.View();
  const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
  const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
  const size_t n = OutputElements(p);
  EXPECT_EQ(RunDepthwise(p, input, filter, std::vector<int32_t>(6, 1 << 28)).output,
            std::vector<int8_t>(n, 127));
  EXPECT_EQ(RunDepthwise(p, input, filter, std::vector<int32_t>(6, -(1 << 28))).output,
            std::vector<int8_t>(n, -128));
  const std::vector<int8_t> unclamped = RunDepthwise(p, input, filter).output;
  p.activation_min = -10;
  p.activation_max = 20;
  const std::vector<int8_t> clamped = RunDepthwise(p, input, filter).output;
  ASSERT_EQ(clamped.size(), n);
  int clipped = 0;
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(clamped[i], std::clamp<int8_t>(unclamped[i], -10, 20)) << "element " << i;
    clipped += clamped[i] != unclamped[i];
  }
  EXPECT_GT(clipped, 0) << "the case must exercise the clamp";
}

TEST(DepthwiseConv2dRef, ShiftingInputZeroPointAndValuesTogetherChangesNothing) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 20; ++trial) {
    DepthwiseConv2dParams p =
        MakeParams({1, 5, 5, 3}, RandomInt(rng, 1, 2), 3, 3, RandomInt(rng, 1, 2), 1,
                   TestPadding::kSame);  // padded borders included
    const RequantStorage requant = RandomRequant(rng, static_cast<size_t>(p.output_c), 9);
    p.requant = requant.View();
    p.input_zero_point = RandomInt(rng, -20, 20);
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p), -100, 100);
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, static_cast<size_t>(p.output_c));
    const std::vector<int8_t> before = RunDepthwise(p, input, filter, bias).output;
    const int delta = RandomInt(rng, -20, 20);
    std::vector<int8_t> shifted = input;
    for (int8_t& v : shifted) v = static_cast<int8_t>(v + delta);
    p.input_zero_point += delta;
    EXPECT_TRUE(SameOutputs(RunDepthwise(p, shifted, filter, bias).output, before))
        << "trial " << trial << " delta " << delta;
  }
}

TEST(DepthwiseConv2dRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(2025);
  size_t outputs = 0;
  size_t inside = 0;  // outputs strictly inside the clamp range, where rounding shows
  for (int trial = 0; trial < 400; ++trial) {
    const int filter_h = RandomInt(rng, 1, 3);
    const int filter_w = RandomInt(rng, 1, 3);
    const int stride = RandomInt(rng, 1, 3);
    const int dilation = RandomInt(rng, 0, 3) == 0 ? 2 : 1;
    const TestPadding padding = RandomInt(rng, 0, 1) ? TestPadding::kSame : TestPadding::kValid;
    const int min_h = (filter_h - 1) * dilation + 1;
    const int min_w = (filter_w - 1) * dilation + 1;
    DepthwiseConv2dParams p = MakeParams({RandomInt(rng, 1, 2), RandomInt(rng, min_h, 8),
                                          RandomInt(rng, min_w, 8), RandomInt(rng, 1, 9)},
                                         RandomInt(rng, 0, 2) == 0 ? RandomInt(rng, 2, 3) : 1,
                                         filter_h, filter_w, stride, dilation, padding);
    p.input_zero_point = RandomInt(rng, -128, 127);
    p.output_zero_point = RandomInt(rng, -128, 127);
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const RequantStorage requant =
        RandomRequant(rng, static_cast<size_t>(p.output_c), filter_h * filter_w);
    p.requant = requant.View();
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, static_cast<size_t>(p.output_c));
    const std::vector<int8_t> output = RunDepthwise(p, input, filter, bias).output;
    outputs += output.size();
    inside += std::count_if(output.begin(), output.end(),
                            [&](int8_t v) { return v > p.activation_min && v < p.activation_max; });
    ASSERT_TRUE(SameOutputs(output, DepthwiseOracle(p, input, filter, bias)))
        << "trial " << trial << ": batches " << p.batches << " input " << p.input_h << "x"
        << p.input_w << "x" << p.input_c << " multiplier " << p.depth_multiplier << " filter "
        << p.filter_h << "x" << p.filter_w << " stride " << stride << " dilation " << dilation
        << " pad " << p.pad_top << "," << p.pad_left << " zp " << p.input_zero_point << "/"
        << p.output_zero_point;
  }
  EXPECT_GT(inside, outputs / 2) << "most outputs must not saturate, or the sweep proves little";
}

TEST(DepthwiseConv2dRef, DeclaresNoScratchForAnyShape) {
  // TensorFlow Lite Micro's reference depthwise conv uses no scratch; any byte here would make a
  // ref plan larger than its arena.
  EXPECT_EQ(
      DepthwiseConv2dScratchBytes(MakeParams({1, 8, 8, 8}, 1, 3, 3, 1, 1, TestPadding::kSame)), 0u);
  EXPECT_EQ(
      DepthwiseConv2dScratchBytes(MakeParams({1, 8, 8, 3}, 4, 5, 5, 2, 1, TestPadding::kSame)), 0u);
  EXPECT_EQ(
      DepthwiseConv2dScratchBytes(MakeParams({1, 25, 5, 64}, 1, 3, 3, 1, 1, TestPadding::kSame)),
      0u);
  EXPECT_EQ(
      DepthwiseConv2dScratchBytes(MakeParams({2, 9, 9, 300}, 1, 3, 3, 1, 2, TestPadding::kSame)),
      0u);
}

TEST(DepthwiseConv2dRef, TouchesNoScratchBetweenItsGuards) {
  std::mt19937 rng(9);
  DepthwiseConv2dParams p = MakeParams({2, 6, 7, 5}, 2, 3, 3, 2, 2, TestPadding::kSame);
  ASSERT_GT(p.pad_top, 0);
  const RequantStorage requant = RandomRequant(rng, 10, 9);
  p.requant = requant.View();
  const KernelRun run =
      RunDepthwise(p, RandomInt8(rng, InputElements(p)), RandomInt8(rng, FilterElements(p)));
  EXPECT_EQ(DepthwiseConv2dScratchBytes(p), 0u);
  EXPECT_EQ(run.highest_touched_bytes, 0u);
}

TEST(DepthwiseConv2dRef, RunsWithAnEmptyScratchSpan) {
  std::mt19937 rng(4);
  DepthwiseConv2dParams p = MakeParams({2, 5, 4, 3}, 2, 3, 3, 1, 1, TestPadding::kSame);
  p.input_zero_point = -7;
  const RequantStorage requant = RandomRequant(rng, 6, 9);
  p.requant = requant.View();
  const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
  const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
  const std::vector<int32_t> bias(6, -50);
  std::vector<int8_t> output(OutputElements(p));
  const Status status =
      DepthwiseConv2d(p, input.data(), filter.data(), bias.data(), output.data(), {});
  ASSERT_TRUE(status.ok()) << status.message();
  EXPECT_TRUE(SameOutputs(output, DepthwiseOracle(p, input, filter, bias)));
}

TEST(DepthwiseConv2dRef, ChannelsBeyondOneAccumulatorBlockMatchTheOracle) {
  // The kernel accumulates a block of output channels at a time; these channel counts cross
  // block boundaries, and with multiplier 3 a boundary falls inside one input channel's outputs.
  std::mt19937 rng(77);
  for (const DepthwiseConv2dParams& shape :
       {MakeParams({1, 4, 5, 150}, 1, 3, 3, 1, 1, TestPadding::kSame),
        MakeParams({2, 5, 4, 50}, 3, 3, 3, 2, 1, TestPadding::kSame),
        MakeParams({1, 3, 3, 65}, 1, 2, 2, 1, 2, TestPadding::kValid)}) {
    DepthwiseConv2dParams p = shape;
    p.input_zero_point = RandomInt(rng, -128, 127);
    p.output_zero_point = RandomInt(rng, -128, 127);
    const RequantStorage requant = RandomRequant(rng, static_cast<size_t>(p.output_c), 9);
    p.requant = requant.View();
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, static_cast<size_t>(p.output_c));
    EXPECT_TRUE(SameOutputs(RunDepthwise(p, input, filter, bias).output,
                            DepthwiseOracle(p, input, filter, bias)))
        << p.output_c << " output channels, multiplier " << p.depth_multiplier;
  }
}

TEST(DepthwiseConv2dRef, RejectsParamsThatWouldReadOutOfBounds) {
  DepthwiseConv2dParams good = MakeParams({1, 4, 4, 2}, 2, 3, 3, 1, 1, TestPadding::kSame);
  const RequantStorage requant = UniformRequant(4, kHalf, 0);
  good.requant = requant.View();
  std::vector<int8_t> input(32), filter(36), output(64);
  auto run = [&](const DepthwiseConv2dParams& p) {
    return DepthwiseConv2d(p, input.data(), filter.data(), nullptr, output.data(), {}).code();
  };
  ASSERT_EQ(run(good), ErrorCode::kOk);
  DepthwiseConv2dParams p = good;
  p.stride_h = 0;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.depth_multiplier = 3;  // 2 x 3 != 4 output channels
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.requant.shifts = nullptr;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.input_zero_point = 128;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
