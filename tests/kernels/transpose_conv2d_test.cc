#include "ops/transpose_conv2d/ref.h"

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

// TensorFlow Lite's geometry: SAME gives in * stride, VALID (in - 1) * stride + filter, padded
// as the convolution that maps the output back to the input. Zero points 0, no activation; the
// caller sets requant (count == output_c).
TransposeConv2dParams MakeParams(Shape in, int32_t output_c, int32_t filter_h, int32_t filter_w,
                                 int32_t stride, TestPadding padding) {
  TransposeConv2dParams p{};
  p.batches = in.batches;
  p.input_h = in.height;
  p.input_w = in.width;
  p.input_c = in.channels;
  p.filter_h = filter_h;
  p.filter_w = filter_w;
  p.output_c = output_c;
  p.stride_h = p.stride_w = stride;
  const bool same = padding == TestPadding::kSame;
  p.output_h = same ? in.height * stride : (in.height - 1) * stride + filter_h;
  p.output_w = same ? in.width * stride : (in.width - 1) * stride + filter_w;
  p.pad_top = ConvPadBefore(p.output_h, filter_h, stride, 1,
                            ConvOutputSize(padding, p.output_h, filter_h, stride, 1));
  p.pad_left = ConvPadBefore(p.output_w, filter_w, stride, 1,
                             ConvOutputSize(padding, p.output_w, filter_w, stride, 1));
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

size_t InputElements(const TransposeConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.input_h * p.input_w * p.input_c;
}
size_t FilterElements(const TransposeConv2dParams& p) {
  return static_cast<size_t>(p.output_c) * p.filter_h * p.filter_w * p.input_c;
}
size_t OutputElements(const TransposeConv2dParams& p) {
  return static_cast<size_t>(p.batches) * p.output_h * p.output_w * p.output_c;
}

// Gather-form oracle (the opposite loop structure of the kernel's scatter): for every output
// element, sum the input pixels whose window covers it.
std::vector<int8_t> TransposeConvOracle(const TransposeConv2dParams& p,
                                        const std::vector<int8_t>& input,
                                        const std::vector<int8_t>& filter,
                                        const std::vector<int32_t>& bias) {
  std::vector<int8_t> out;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_h; ++oy) {
      for (int ox = 0; ox < p.output_w; ++ox) {
        for (int oc = 0; oc < p.output_c; ++oc) {
          int64_t acc = 0;
          for (int iy = 0; iy < p.input_h; ++iy) {
            for (int ix = 0; ix < p.input_w; ++ix) {
              const int fy = oy + p.pad_top - iy * p.stride_h;
              const int fx = ox + p.pad_left - ix * p.stride_w;
              if (fy < 0 || fy >= p.filter_h || fx < 0 || fx >= p.filter_w) continue;
              for (int ic = 0; ic < p.input_c; ++ic) {
                const int x = input[((b * p.input_h + iy) * p.input_w + ix) * p.input_c + ic];
                const int w = filter[((oc * p.filter_h + fy) * p.filter_w + fx) * p.input_c + ic];
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

KernelRun RunTransposeConv(const TransposeConv2dParams& p, const std::vector<int8_t>& input,
                           const std::vector<int8_t>& filter,
                           const std::vector<int32_t>& bias = {}) {
  return RunKernelGuarded(TransposeConv2dScratchBytes(p), OutputElements(p),
                          [&](int8_t* output, std::span<uint8_t> scratch) {
                            return TransposeConv2d(p, input.data(), filter.data(), BiasOrNull(bias),
                                                   output, scratch);
                          });
}

TEST(TransposeConv2dRef, ScattersEachInputPixelThroughTheFilter) {
  // 2x2 input [1 2; 3 4], 2x2 filter [1 2; 3 4], stride 1, VALID: 3x3 output where
  // out(y, x) = sum in(i, j) * f(y - i, x - j):
  //   (0,0) 1*1 = 1          (0,1) 1*2 + 2*1 = 4           (0,2) 2*2 = 4
  //   (1,0) 1*3 + 3*1 = 6    (1,1) 1*4 + 2*3 + 3*2 + 4*1 = 20  (1,2) 2*4 + 4*2 = 16
  //   (2,0) 3*3 = 9          (2,1) 3*4 + 4*3 = 24          (2,2) 4*4 = 16
  TransposeConv2dParams p = MakeParams({1, 2, 2, 1}, 1, 2, 2, 1, TestPadding::kValid);
  ASSERT_EQ(p.output_h, 3);
  ASSERT_EQ(p.pad_top, 0);
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunTransposeConv(p, {1, 2, 3, 4}, {1, 2, 3, 4}).output,
            (std::vector<int8_t>{1, 4, 4, 6, 20, 16, 9, 24, 16}));
}

TEST(TransposeConv2dRef, StrideTwoPaintsSeparateBlocks) {
  // 2x2 input [1 2; 3 4], 2x2 all-ones filter, stride 2: each pixel fills its own 2x2 block;
  // bias 1 and real multiplier 1.0.
  TransposeConv2dParams p = MakeParams({1, 2, 2, 1}, 1, 2, 2, 2, TestPadding::kValid);
  ASSERT_EQ(p.output_h, 4);
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunTransposeConv(p, {1, 2, 3, 4}, {1, 1, 1, 1}, {1}).output,
            (std::vector<int8_t>{2, 2, 3, 3, 2, 2, 3, 3, 4, 4, 5, 5, 4, 4, 5, 5}));
}

TEST(TransposeConv2dRef, TapsLandingInThePaddingAreDropped) {
  // 1x2 input {6, 7} with zero point 5 (values {1, 2}), 1x4 filter {1, 2, 3, 4}, stride 2,
  // SAME: output width 4, pad_left 1. Pixel 0 covers outputs -1..2 (tap 0 dropped), pixel 1
  // covers 1..4 (tap 3 dropped):
  //   out = {1*2, 1*3 + 2*1, 1*4 + 2*2, 2*3} = {2, 5, 8, 6}, plus output zero point -3
  // SAME doubles the height too; the second row receives no tap and holds the output zero point.
  TransposeConv2dParams p = MakeParams({1, 1, 2, 1}, 1, 1, 4, 2, TestPadding::kSame);
  ASSERT_EQ(p.output_w, 4);
  ASSERT_EQ(p.pad_left, 1);
  p.input_zero_point = 5;
  p.output_zero_point = -3;
  const RequantStorage requant = UniformRequant(1, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunTransposeConv(p, {6, 7}, {1, 2, 3, 4}).output,
            (std::vector<int8_t>{-1, 2, 5, 3, -3, -3, -3, -3}));
}

TEST(TransposeConv2dRef, SumsInputChannelsPerOutputChannel) {
  // One pixel {2, -3}, 1x1 filters {1, 1} and {2, 1}: outputs 2 - 3 = -1 and 4 - 3 = 1.
  TransposeConv2dParams p = MakeParams({1, 1, 1, 2}, 2, 1, 1, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(2, kHalf, 1);
  p.requant = requant.View();
  EXPECT_EQ(RunTransposeConv(p, {2, -3}, {1, 1, 2, 1}).output, (std::vector<int8_t>{-1, 1}));
}

TEST(TransposeConv2dRef, RoundsTiesAsTensorFlowLiteDoes) {
  struct Tie {
    int8_t value;
    int32_t shift;
    int8_t expected;
  };
  const Tie ties[] = {{3, 0, 2},   {-3, 0, -1},  {5, 0, 3},  {-5, 0, -2}, {1, -1, 1},
                      {-1, -1, 0}, {-2, -1, -1}, {6, -1, 2}, {-6, -1, -2}};
  for (const Tie& tie : ties) {
    TransposeConv2dParams p = MakeParams({1, 1, 1, 1}, 1, 1, 1, 1, TestPadding::kValid);
    const RequantStorage requant = UniformRequant(1, kHalf, tie.shift);
    p.requant = requant.View();
    EXPECT_EQ(RunTransposeConv(p, {tie.value}, {1}).output, std::vector<int8_t>{tie.expected})
        << "value " << int{tie.value} << " shift " << tie.shift;
  }
}

TEST(TransposeConv2dRef, SaturatesAtTheInt8RangeAndClampsToTheActivation) {
  std::mt19937 rng(3);
  TransposeConv2dParams p = MakeParams({1, 3, 3, 3}, 4, 3, 3, 2, TestPadding::kSame);
  const RequantStorage requant = RandomRequant(rng, 4, 12);
  p.requant = requant.View();
  const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
  const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
  const size_t n = OutputElements(p);
  EXPECT_EQ(RunTransposeConv(p, input, filter, std::vector<int32_t>(4, 1 << 28)).output,
            std::vector<int8_t>(n, 127));
  EXPECT_EQ(RunTransposeConv(p, input, filter, std::vector<int32_t>(4, -(1 << 28))).output,
            std::vector<int8_t>(n, -128));
  const std::vector<int8_t> unclamped = RunTransposeConv(p, input, filter).output;
  p.activation_min = -10;
  p.activation_max = 20;
  const std::vector<int8_t> clamped = RunTransposeConv(p, input, filter).output;
  ASSERT_EQ(clamped.size(), n);
  int clipped = 0;
  for (size_t i = 0; i < n; ++i) {
    EXPECT_EQ(clamped[i], std::clamp<int8_t>(unclamped[i], -10, 20)) << "element " << i;
    clipped += clamped[i] != unclamped[i];
  }
  EXPECT_GT(clipped, 0) << "the case must exercise the clamp";
}

TEST(TransposeConv2dRef, ShiftingInputZeroPointAndValuesTogetherChangesNothing) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 20; ++trial) {
    TransposeConv2dParams p =
        MakeParams({1, 3, 4, 2}, 3, 3, 3, RandomInt(rng, 1, 2), TestPadding::kSame);
    const RequantStorage requant = RandomRequant(rng, 3, 8);
    p.requant = requant.View();
    p.input_zero_point = RandomInt(rng, -20, 20);
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p), -100, 100);
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, 3);
    const std::vector<int8_t> before = RunTransposeConv(p, input, filter, bias).output;
    const int delta = RandomInt(rng, -20, 20);
    std::vector<int8_t> shifted = input;
    for (int8_t& v : shifted) v = static_cast<int8_t>(v + delta);
    p.input_zero_point += delta;
    EXPECT_TRUE(SameOutputs(RunTransposeConv(p, shifted, filter, bias).output, before))
        << "trial " << trial << " delta " << delta;
  }
}

TEST(TransposeConv2dRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(2028);
  size_t outputs = 0;
  size_t inside = 0;  // outputs strictly inside the clamp range, where rounding shows
  for (int trial = 0; trial < 300; ++trial) {
    const int filter_h = RandomInt(rng, 1, 4);
    const int filter_w = RandomInt(rng, 1, 4);
    const int stride = RandomInt(rng, 1, 3);
    const TestPadding padding = RandomInt(rng, 0, 1) ? TestPadding::kSame : TestPadding::kValid;
    TransposeConv2dParams p = MakeParams(
        {RandomInt(rng, 1, 2), RandomInt(rng, 1, 5), RandomInt(rng, 1, 5), RandomInt(rng, 1, 4)},
        RandomInt(rng, 1, 4), filter_h, filter_w, stride, padding);
    p.input_zero_point = RandomInt(rng, -128, 127);
    p.output_zero_point = RandomInt(rng, -128, 127);
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    // Each output sums about ceil(filter / stride)^2 input pixels of input_c channels.
    const int taps = ((filter_h + stride - 1) / stride) * ((filter_w + stride - 1) / stride);
    const RequantStorage requant =
        RandomRequant(rng, static_cast<size_t>(p.output_c), taps * p.input_c);
    p.requant = requant.View();
    const std::vector<int8_t> input = RandomInt8(rng, InputElements(p));
    const std::vector<int8_t> filter = RandomInt8(rng, FilterElements(p));
    const std::vector<int32_t> bias = RandomBias(rng, static_cast<size_t>(p.output_c));
    const std::vector<int8_t> output = RunTransposeConv(p, input, filter, bias).output;
    outputs += output.size();
    inside += std::count_if(output.begin(), output.end(),
                            [&](int8_t v) { return v > p.activation_min && v < p.activation_max; });
    ASSERT_TRUE(SameOutputs(output, TransposeConvOracle(p, input, filter, bias)))
        << "trial " << trial << ": batches " << p.batches << " input " << p.input_h << "x"
        << p.input_w << "x" << p.input_c << " filter " << filter_h << "x" << filter_w << " output "
        << p.output_h << "x" << p.output_w << "x" << p.output_c << " stride " << stride << " pad "
        << p.pad_top << "," << p.pad_left << " zp " << p.input_zero_point << "/"
        << p.output_zero_point;
  }
  EXPECT_GT(inside, outputs / 2) << "most outputs must not saturate, or the sweep proves little";
}

TEST(TransposeConv2dRef, ScratchIsOneInt32PerOutputElementOfOneBatch) {
  // 4x4x2 -> 8x8x3 (SAME, stride 2): 4 * 8 * 8 * 3; batches do not multiply it.
  EXPECT_EQ(TransposeConv2dScratchBytes(MakeParams({1, 4, 4, 2}, 3, 3, 3, 2, TestPadding::kSame)),
            768u);
  EXPECT_EQ(TransposeConv2dScratchBytes(MakeParams({5, 4, 4, 2}, 3, 3, 3, 2, TestPadding::kSame)),
            768u);
  // VALID 3x3 stride 1 on 2x5: output 4x7x1.
  EXPECT_EQ(TransposeConv2dScratchBytes(MakeParams({1, 2, 5, 6}, 1, 3, 3, 1, TestPadding::kValid)),
            112u);
}

TEST(TransposeConv2dRef, TouchesTheWholeAccumulatorPlaneItDeclares) {
  std::mt19937 rng(9);
  TransposeConv2dParams p = MakeParams({2, 3, 3, 2}, 3, 3, 3, 2, TestPadding::kSame);
  const RequantStorage requant = RandomRequant(rng, 3, 8);
  p.requant = requant.View();
  const KernelRun run =
      RunTransposeConv(p, RandomInt8(rng, InputElements(p)), RandomInt8(rng, FilterElements(p)));
  EXPECT_EQ(TransposeConv2dScratchBytes(p), 432u);  // 4 * 6 * 6 * 3
  EXPECT_EQ(run.highest_touched_bytes, 432u);
}

TEST(TransposeConv2dRef, OneByteShortOfScratchIsRejected) {
#if !defined(ARENASTORE_KERNEL_CHECKS)
  GTEST_SKIP()
      << "kernels built without ARENASTORE_KERNEL_CHECKS trust the scratch they are "
         "given (the runtime's gate checks it); configure with -DARENASTORE_KERNEL_CHECKS=ON";
#endif
  TransposeConv2dParams p = MakeParams({1, 2, 2, 1}, 1, 2, 2, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(1, kHalf, 0);
  p.requant = requant.View();
  std::vector<int32_t> scratch(9);
  std::vector<int8_t> input(4), filter(4), output(9);
  const Status status = TransposeConv2d(
      p, input.data(), filter.data(), nullptr, output.data(),
      {reinterpret_cast<uint8_t*>(scratch.data()), TransposeConv2dScratchBytes(p) - 1});
  EXPECT_EQ(status.code(), ErrorCode::kKernelScratchTooSmall);
  EXPECT_STREQ(status.message(), "transpose_conv2d/ref: given 35 scratch bytes, needs 36");
}

TEST(TransposeConv2dRef, RejectsParamsThatWouldReadOutOfBounds) {
  TransposeConv2dParams good = MakeParams({1, 2, 2, 1}, 2, 2, 2, 1, TestPadding::kValid);
  const RequantStorage requant = UniformRequant(2, kHalf, 0);
  good.requant = requant.View();
  std::vector<int32_t> storage(19);
  std::vector<int8_t> input(4), filter(8), output(18);
  const std::span<uint8_t> aligned(reinterpret_cast<uint8_t*>(storage.data()), 72);
  auto run = [&](const TransposeConv2dParams& p, std::span<uint8_t> scratch) {
    return TransposeConv2d(p, input.data(), filter.data(), nullptr, output.data(), scratch).code();
  };
  ASSERT_EQ(run(good, aligned), ErrorCode::kOk);
  EXPECT_EQ(run(good, {aligned.data() + 2, 72}), ErrorCode::kKernelInvalidParams) << "misaligned";
  TransposeConv2dParams p = good;
  p.stride_w = 0;
  EXPECT_EQ(run(p, aligned), ErrorCode::kKernelInvalidParams);
  p = good;
  p.requant.count = 1;
  EXPECT_EQ(run(p, aligned), ErrorCode::kKernelInvalidParams);
  p = good;
  p.output_zero_point = -129;
  EXPECT_EQ(run(p, aligned), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
