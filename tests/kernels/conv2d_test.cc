#include "ops/conv2d/ref.h"

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

// Real multiplier 1.0 and 0.5 in TensorFlow Lite's encoding (multiplier * 2^(shift - 31)).
constexpr int32_t kHalf = 1 << 30;

struct Shape {
  int32_t batches, height, width, channels;
};

// Params with TensorFlow Lite's SAME/VALID geometry, zero points 0, no activation; the caller
// sets requant (count == output_c).
Conv2dParams MakeParams(Shape in, int32_t output_c, int32_t filter_h, int32_t filter_w,
                        int32_t groups, int32_t stride, int32_t dilation, TestPadding padding) {
  Conv2dParams p{};
  p.batches = in.batches;
  p.input_h = in.height;
  p.input_w = in.width;
  p.input_c = in.channels;
  p.filter_h = filter_h;
  p.filter_w = filter_w;
  p.output_c = output_c;
  p.groups = groups;
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

size_t InputElements(const Conv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
}
size_t FilterElements(const Conv2dParams& p) {
  return static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * (p.input_c / p.groups);
}
size_t OutputElements(const Conv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
}

// Straightforward oracle in TensorFlow Lite's loop order: skip taps outside the input, 64-bit
// accumulation, independent fixed-point steps.
std::vector<int8_t> Conv2dOracle(const Conv2dParams& p, const std::vector<int8_t>& input,
                                 const std::vector<int8_t>& filter,
                                 const std::vector<int32_t>& bias) {
  const int group_c = p.input_c / p.groups;
  const int filters_per_group = p.output_c / p.groups;
  std::vector<int8_t> out;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_h; ++oy) {
      for (int ox = 0; ox < p.output_w; ++ox) {
        for (int oc = 0; oc < p.output_c; ++oc) {
          const int group = oc / filters_per_group;
          int64_t acc = 0;
          for (int fy = 0; fy < p.filter_h; ++fy) {
            for (int fx = 0; fx < p.filter_w; ++fx) {
              const int iy = oy * p.stride_h - p.pad_top + fy * p.dilation_h;
              const int ix = ox * p.stride_w - p.pad_left + fx * p.dilation_w;
              if (iy < 0 || iy >= p.input_h || ix < 0 || ix >= p.input_w) continue;
              for (int c = 0; c < group_c; ++c) {
                const int x = input[((b * p.input_h + iy) * p.input_w + ix) * p.input_c +
                                    group * group_c + c];
                const int w = filter[((oc * p.filter_h + fy) * p.filter_w + fx) * group_c + c];
                acc += static_cast<int64_t>(x - p.input_zero_point) * w;
              }
            }
          }
          if (!bias.empty()) acc += bias[oc];
          out.push_back(OracleOutput(acc, p.requant.multipliers[oc], p.requant.shifts[oc],
                                     p.output_zero_point, p.activation_min, p.activation_max));
        }
      }
    }
  }
  return out;
}

KernelRun RunConv2d(const Conv2dParams& p, const std::vector<int8_t>& input,
                    const std::vector<int8_t>& filter, const std::vector<int32_t>& bias = {}) {
  return RunKernelGuarded(
      Conv2dScratchBytes(p), OutputElements(p), [&](int8_t* output, std::span<uint8_t> scratch) {
        return Conv2d(p, input.data(), filter.data(), BiasOrNull(bias), output, scratch);
      });
}

TEST(Conv2dRef, ComputesAHandCheckedValidConvolution) {
  // Input 3x3 (1..9), zero point 1, so the kernel sees 0..8; filter [[1, 2], [3, 4]]; bias 2;
  // real multiplier 0.5; output zero point -1.
  //   (0,0): 0*1 + 1*2 + 3*3 + 4*4 = 27, +2 = 29, *0.5 = 14.5 -> 15, -1 = 14
  //   (0,1): 1*1 + 2*2 + 4*3 + 5*4 = 37, +2 = 39 -> 19.5 -> 20 -> 19
  //   (1,0): 3*1 + 4*2 + 6*3 + 7*4 = 57, +2 = 59 -> 29.5 -> 30 -> 29
  //   (1,1): 4*1 + 5*2 + 7*3 + 8*4 = 67, +2 = 69 -> 34.5 -> 35 -> 34
  Conv2dParams p = MakeParams({1, 3, 3, 1}, 1, 2, 2, 1, 1, 1, TestPadding::kValid);
  p.input_zero_point = 1;
  p.output_zero_point = -1;
  const RequantStorage requant = UniformRequant(1, kHalf, 0);
  p.requant = requant.View();
  const KernelRun run = RunConv2d(p, {1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 2, 3, 4}, {2});
  EXPECT_EQ(run.output, (std::vector<int8_t>{14, 19, 29, 34}));
}

TEST(Conv2dRef, PaddedTapsContributeNothing) {
  // 3x3 SAME with an all-ones filter over 1..9 with zero point 5 (values -4..4): each output is
  // the sum of the in-bounds neighbourhood; a padded tap read as raw 0 would add -5 instead.
  //   -4 -3 -2      -8 -9 -4
  //   -1  0  1  ->  -3  0  3
  //    2  3  4       4  9  8
  Conv2dParams p = MakeParams({1, 3, 3, 1}, 1, 3, 3, 1, 1, 1, TestPadding::kSame);
  ASSERT_EQ(p.pad_top, 1);
  p.input_zero_point = 5;
  const RequantStorage requant = UniformRequant(1, kHalf, 1);  // real 1.0
  p.requant = requant.View();
  const KernelRun run = RunConv2d(p, {1, 2, 3, 4, 5, 6, 7, 8, 9}, std::vector<int8_t>(9, 1));
  EXPECT_EQ(run.output, (std::vector<int8_t>{-8, -9, -4, -3, 0, 3, 4, 9, 8}));
}

TEST(Conv2dRef, GroupsReadOnlyTheirOwnInputChannels) {
  // One pixel with channels 1, 2, 3, 4 and 2 groups of 2 channels: output 0 = 1 + 2 = 3 (group
  // 0), output 1 = 3 - 4 = -1 (group 1).
  Conv2dParams p = MakeParams({1, 1, 1, 4}, 2, 1, 1, 2, 1, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(2, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunConv2d(p, {1, 2, 3, 4}, {1, 1, 1, -1}).output, (std::vector<int8_t>{3, -1}));
}

TEST(Conv2dRef, DilationSpreadsTheFilterTaps) {
  // 1x5 input 1..5, filter [1, 10] with dilation 2 (effective width 3): in[x] + 10 * in[x + 2].
  Conv2dParams p = MakeParams({1, 1, 5, 1}, 1, 1, 2, 1, 1, 2, TestPadding::kValid);
  ASSERT_EQ(p.output_w, 3);
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunConv2d(p, {1, 2, 3, 4, 5}, {1, 10}).output, (std::vector<int8_t>{31, 42, 53}));
}

TEST(Conv2dRef, StrideSkipsInputPixels) {
  // 1x5 input 1..5, 1x1 filter 2, stride 2: pixels 0, 2, 4 doubled.
  Conv2dParams p = MakeParams({1, 1, 5, 1}, 1, 1, 1, 1, 2, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunConv2d(p, {1, 2, 3, 4, 5}, {2}).output, (std::vector<int8_t>{2, 6, 10}));
}

TEST(Conv2dRef, RequantizesPerOutputChannel) {
  // One pixel of value 8 (zero point 0), two filters of weight 1, multipliers 0.5 and 0.25.
  Conv2dParams p = MakeParams({1, 1, 1, 1}, 2, 1, 1, 1, 1, 1, TestPadding::kValid);
  const RequantStorage requant{{kHalf, kHalf}, {0, -1}};
  p.requant = requant.View();
  EXPECT_EQ(RunConv2d(p, {8}, {1, 1}).output, (std::vector<int8_t>{4, 2}));
}

TEST(Conv2dRef, RoundsTiesAsTensorFlowLiteDoes) {
  // One pixel, weight 1, so the accumulator is the input value. The doubling high multiply
  // rounds half up, the power-of-two divide rounds half away from zero, in that order.
  struct Tie {
    int8_t value;
    int32_t shift;
    int8_t expected;
  };
  const Tie ties[] = {
      {3, 0, 2},     // 1.5 -> 2
      {-3, 0, -1},   // -1.5 -> -1 (half up)
      {5, 0, 3},     // 2.5 -> 3
      {-5, 0, -2},   // -2.5 -> -2
      {1, -1, 1},    // 0.25: high mul 0.5 -> 1, then 1/2 = 0.5 -> 1 (double rounding)
      {-1, -1, 0},   // -0.25: high mul -0.5 -> 0, then 0
      {-2, -1, -1},  // -0.5: high mul -1, then -1/2 = -0.5 -> -1 (away from zero)
      {6, -1, 2},    // 1.5: high mul 3, then 3/2 = 1.5 -> 2
      {-6, -1, -2},  // -1.5: high mul -3, then -3/2 = -1.5 -> -2
  };
  for (const Tie& tie : ties) {
    Conv2dParams p = MakeParams({1, 1, 1, 1}, 1, 1, 1, 1, 1, 1, TestPadding::kValid);
    const RequantStorage requant = UniformRequant(1, kHalf, tie.shift);
    p.requant = requant.View();
    EXPECT_EQ(RunConv2d(p, {tie.value}, {1}).output, std::vector<int8_t>{tie.expected})
        << "value " << int{tie.value} << " shift " << tie.shift;
  }
}

TEST(Conv2dRef, SaturatesAtTheInt8RangeAndClampsToTheActivation) {
  std::mt19937 rng(3);
  Conv2dParams p = MakeParams({1, 4, 4, 3}, 4, 3, 3, 1, 1, 1, TestPadding::kSame);
  const RequantStorage requant = RandomRequant(rng, 4, 27);
  p.requant = requant.View();
  const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
  const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
  const size_t n = OutputElements(p);
  EXPECT_EQ(RunConv2d(p, input, filter, std::vector<int32_t>(4, 1 << 28)).output,
            std::vector<int8_t>(n, 127));
  EXPECT_EQ(RunConv2d(p, input, filter, std::vector<int32_t>(4, -(1 << 28))).output,
            std::vector<int8_t>(n, -128));
  const std::vector<int8_t> unclamped = RunConv2d(p, input, filter).output;
  p.activation_min = -10;
  p.activation_max = 20;
  const std::vector<int8_t> clamped = RunConv2d(p, input, filter).output;
  ASSERT_EQ(clamped.size(), n);
  int clipped = 0;
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(clamped[i], std::clamp<int8_t>(unclamped[i], -10, 20)) << "element " << i;
    clipped += clamped[i] != unclamped[i];
  }
  EXPECT_GT(clipped, 0) << "the case must exercise the clamp";
}

TEST(Conv2dRef, ShiftingInputZeroPointAndValuesTogetherChangesNothing) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 20; ++trial) {
    Conv2dParams p = MakeParams({1, 5, 5, 2}, 3, 3, 3, 1, RandomInt(rng, 1, 2), 1,
                                TestPadding::kSame);  // padded borders included
    const RequantStorage requant = RandomRequant(rng, 3, 18);
    p.requant = requant.View();
    p.input_zero_point = RandomInt(rng, -20, 20);
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p), -100, 100);
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, 3);
    const std::vector<int8_t> before = RunConv2d(p, input, filter, bias).output;
    const int delta = RandomInt(rng, -20, 20);
    std::vector<int8_t> shifted = input;
    for (int8_t& v : shifted) v = static_cast<int8_t>(v + delta);
    p.input_zero_point += delta;
    EXPECT_TRUE(SameOutputs(RunConv2d(p, shifted, filter, bias).output, before))
        << "trial " << trial << " delta " << delta;
  }
}

TEST(Conv2dRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(2024);
  int padded_cases = 0;
  size_t outputs = 0;
  size_t inside = 0;  // outputs strictly inside the clamp range, where rounding shows
  for (int trial = 0; trial < 400; ++trial) {
    const int groups = RandomInt(rng, 0, 3) == 0 ? RandomInt(rng, 2, 3) : 1;
    const int group_c = RandomInt(rng, 1, 5);
    const int output_c = groups * RandomInt(rng, 1, 4);
    const int filter_h = RandomInt(rng, 1, 3);
    const int filter_w = RandomInt(rng, 1, 3);
    const int stride = RandomInt(rng, 1, 3);
    const int dilation = RandomInt(rng, 0, 3) == 0 ? 2 : 1;
    const TestPadding padding = RandomInt(rng, 0, 1) ? TestPadding::kSame : TestPadding::kValid;
    const int min_h = (filter_h - 1) * dilation + 1;
    const int min_w = (filter_w - 1) * dilation + 1;
    Conv2dParams p = MakeParams({RandomInt(rng, 1, 2), RandomInt(rng, min_h, 8),
                                 RandomInt(rng, min_w, 8), groups * group_c},
                                output_c, filter_h, filter_w, groups, stride, dilation, padding);
    p.input_zero_point = RandomInt(rng, -128, 127);
    p.output_zero_point = RandomInt(rng, -128, 127);
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const RequantStorage requant =
        RandomRequant(rng, static_cast<size_t>(output_c), filter_h * filter_w * group_c);
    p.requant = requant.View();
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, static_cast<size_t>(output_c));
    padded_cases += p.pad_top > 0 || p.pad_left > 0;
    const std::vector<int8_t> output = RunConv2d(p, input, filter, bias).output;
    outputs += output.size();
    inside += std::count_if(output.begin(), output.end(),
                            [&](int8_t v) { return v > p.activation_min && v < p.activation_max; });
    ASSERT_TRUE(SameOutputs(output, Conv2dOracle(p, input, filter, bias)))
        << "trial " << trial << ": batches " << p.batches << " input " << p.input_h << "x"
        << p.input_w << "x" << p.input_c << " filter " << p.filter_h << "x" << p.filter_w
        << " groups " << groups << " output_c " << output_c << " stride " << stride << " dilation "
        << dilation << " pad " << p.pad_top << "," << p.pad_left << " zp " << p.input_zero_point
        << "/" << p.output_zero_point;
  }
  EXPECT_GT(padded_cases, 50) << "the sweep must skip padded taps often";
  EXPECT_GT(inside, outputs / 2) << "most outputs must not saturate, or the sweep proves little";
}

TEST(Conv2dRef, DeclaresNoScratchForAnyShape) {
  // TensorFlow Lite Micro's reference conv uses no scratch; any byte here would make a ref plan
  // larger than its arena.
  EXPECT_EQ(Conv2dScratchBytes(MakeParams({1, 8, 8, 8}, 16, 3, 3, 1, 1, 1, TestPadding::kSame)),
            0u);
  EXPECT_EQ(Conv2dScratchBytes(MakeParams({1, 8, 8, 3}, 16, 3, 3, 1, 2, 1, TestPadding::kSame)),
            0u);
  EXPECT_EQ(Conv2dScratchBytes(MakeParams({1, 8, 8, 12}, 8, 3, 3, 4, 1, 1, TestPadding::kSame)),
            0u);
  EXPECT_EQ(Conv2dScratchBytes(MakeParams({2, 9, 9, 4}, 4, 3, 3, 1, 1, 2, TestPadding::kSame)), 0u);
  EXPECT_EQ(Conv2dScratchBytes(MakeParams({1, 8, 8, 10}, 16, 1, 1, 2, 2, 1, TestPadding::kSame)),
            0u);
}

TEST(Conv2dRef, TouchesNoScratchBetweenItsGuards) {
  // Padded, strided, dilated and grouped at once: every path that once used an im2col row.
  std::mt19937 rng(9);
  Conv2dParams p = MakeParams({2, 7, 6, 4}, 6, 3, 3, 2, 2, 2, TestPadding::kSame);
  ASSERT_GT(p.pad_top, 0);
  const RequantStorage requant = RandomRequant(rng, 6, 18);
  p.requant = requant.View();
  const KernelRun run =
      RunConv2d(p, RandomInt8(rng, InputElements(p)), RandomInt8(rng, FilterElements(p)));
  EXPECT_EQ(Conv2dScratchBytes(p), 0u);
  EXPECT_EQ(run.highest_touched_bytes, 0u);
}

TEST(Conv2dRef, RunsWithAnEmptyScratchSpan) {
  std::mt19937 rng(4);
  for (const Conv2dParams& shape :
       {MakeParams({2, 5, 6, 6}, 4, 3, 3, 1, 1, 1, TestPadding::kSame),
        MakeParams({1, 8, 7, 6}, 6, 3, 2, 3, 2, 2, TestPadding::kSame),
        MakeParams({2, 3, 4, 6}, 5, 1, 1, 1, 1, 1, TestPadding::kValid)}) {
    Conv2dParams p = shape;
    p.input_zero_point = -7;
    const RequantStorage requant =
        RandomRequant(rng, static_cast<size_t>(p.output_c), p.filter_h * p.filter_w * 6);
    p.requant = requant.View();
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias(static_cast<size_t>(p.output_c), 100);
    std::vector<int8_t> output(OutputElements(p));
    const Status status = Conv2d(p, input.data(), filter.data(), bias.data(), output.data(), {});
    ASSERT_TRUE(status.ok()) << status.message();
    EXPECT_TRUE(SameOutputs(output, Conv2dOracle(p, input, filter, bias)))
        << p.filter_h << "x" << p.filter_w << " groups " << p.groups;
  }
}

TEST(Conv2dRef, AWindowEntirelyInThePaddingYieldsTheBiasAlone) {
  // 2x2 input, 1x1 filter of weight 2, stride 2, padding 1 before: outputs (0, 0), (0, 1) and
  // (1, 0) read only padded taps, so they are the bias alone (7 at real multiplier 1.0); output
  // (1, 1) reads input (1, 1) = 7, 4 above the zero point: 2 * 4 + 7 = 15.
  Conv2dParams p = MakeParams({1, 2, 2, 1}, 1, 1, 1, 1, 2, 1, TestPadding::kValid);
  p.output_h = p.output_w = 2;
  p.pad_top = p.pad_left = 1;
  p.input_zero_point = 3;  // a padded tap read as the raw zero point would add (0 - 3) * 2
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunConv2d(p, {1, 2, 3, 7}, {2}, {7}).output, (std::vector<int8_t>{7, 7, 7, 15}));
}

TEST(Conv2dRef, RejectsParamsThatWouldReadOutOfBounds) {
  Conv2dParams good = MakeParams({1, 4, 4, 4}, 4, 3, 3, 2, 1, 1, TestPadding::kSame);
  const RequantStorage requant = UniformRequant(4, kHalf, 0);
  good.requant = requant.View();
  std::vector<int8_t> input(64), filter(72), output(64);
  auto run = [&](const Conv2dParams& p) {
    return Conv2d(p, input.data(), filter.data(), nullptr, output.data(), {}).code();
  };
  ASSERT_EQ(run(good), ErrorCode::kOk);
  Conv2dParams p = good;
  p.stride_w = 0;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.dilation_h = 0;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.groups = 3;  // does not divide 4 input channels
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.requant.count = 1;  // per-tensor is not a conv2d mode
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.activation_min = 5;
  p.activation_max = 4;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
