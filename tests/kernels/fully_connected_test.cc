#include "ops/fully_connected/ref.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tests/kernels/accumulating_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::BiasOrNull;
using testing::KernelRun;
using testing::OracleOutput;
using testing::RandomBias;
using testing::RandomInt;
using testing::RandomInt8;
using testing::RandomRequant;
using testing::RequantStorage;
using testing::RunKernelGuarded;
using testing::SameOutputs;
using testing::UniformRequant;

// Real multiplier 0.5 at shift 0, 1.0 at shift 1 (multiplier * 2^(shift - 31)).
constexpr int32_t kHalf = 1 << 30;

// Zero points 0, no activation; the caller sets requant.
FullyConnectedParams MakeParams(int32_t batches, int32_t input_depth, int32_t output_depth) {
  FullyConnectedParams p{};
  p.batches = batches;
  p.input_depth = input_depth;
  p.output_depth = output_depth;
  p.activation_min = -128;
  p.activation_max = 127;
  return p;
}

size_t OutputElements(const FullyConnectedParams& p) {
  return static_cast<size_t>(p.batches) * p.output_depth;
}

std::vector<int8_t> FullyConnectedOracle(const FullyConnectedParams& p,
                                         const std::vector<int8_t>& input,
                                         const std::vector<int8_t>& filter,
                                         const std::vector<int32_t>& bias) {
  std::vector<int8_t> out;
  for (int b = 0; b < p.batches; ++b) {
    for (int o = 0; o < p.output_depth; ++o) {
      int64_t acc = 0;
      for (int d = 0; d < p.input_depth; ++d) {
        acc += static_cast<int64_t>(input[b * p.input_depth + d] - p.input_zero_point) *
               (filter[o * p.input_depth + d] - p.filter_zero_point);
      }
      if (!bias.empty()) acc += bias[o];
      const int q = p.requant.count == 1 ? 0 : o;
      out.push_back(OracleOutput(acc, p.requant.multipliers[q], p.requant.shifts[q],
                                 p.output_zero_point, p.activation_min, p.activation_max));
    }
  }
  return out;
}

KernelRun RunFullyConnected(const FullyConnectedParams& p, const std::vector<int8_t>& input,
                            const std::vector<int8_t>& filter,
                            const std::vector<int32_t>& bias = {}) {
  return RunKernelGuarded(FullyConnectedScratchBytes(p), OutputElements(p),
                          [&](int8_t* output, std::span<uint8_t> scratch) {
                            return FullyConnected(p, input.data(), filter.data(), BiasOrNull(bias),
                                                  output, scratch);
                          });
}

TEST(FullyConnectedRef, ComputesAHandCheckedPerTensorLayer) {
  // Input {1, 2, 3} with zero point 1 -> {0, 1, 2}; filter rows {1, 2, 3} and {-1, 0, 1} with
  // zero point 1 -> {0, 1, 2} and {-2, -1, 0}; bias {10, -10}; multiplier 0.5; output zp 3.
  //   o0: 0 + 1 + 4 = 5, +10 = 15, *0.5 = 7.5 -> 8, +3 = 11
  //   o1: 0 - 1 + 0 = -1, -10 = -11, *0.5 = -5.5 -> -5 (half up), +3 = -2
  FullyConnectedParams p = MakeParams(1, 3, 2);
  p.input_zero_point = 1;
  p.filter_zero_point = 1;
  p.output_zero_point = 3;
  const RequantStorage requant = UniformRequant(1, kHalf, 0);
  p.requant = requant.View();
  EXPECT_EQ(RunFullyConnected(p, {1, 2, 3}, {1, 2, 3, -1, 0, 1}, {10, -10}).output,
            (std::vector<int8_t>{11, -2}));
}

TEST(FullyConnectedRef, ComputesAHandCheckedPerChannelLayerOverBatches) {
  // Rows {4, -2} and {1, 1}; filter rows {1, 1} and {2, -1}; multipliers 0.5 and 0.25.
  //   row 0: o0 = 2 * 0.5 = 1; o1 = 10 -> high mul 5, then 5 / 2 = 2.5 -> 3
  //   row 1: o0 = 2 * 0.5 = 1; o1 = 1 -> high mul 0.5 -> 1, then 1 / 2 = 0.5 -> 1
  FullyConnectedParams p = MakeParams(2, 2, 2);
  const RequantStorage requant{{kHalf, kHalf}, {0, -1}};
  p.requant = requant.View();
  EXPECT_EQ(RunFullyConnected(p, {4, -2, 1, 1}, {1, 1, 2, -1}).output,
            (std::vector<int8_t>{1, 3, 1, 1}));
}

TEST(FullyConnectedRef, RoundsTiesAsTensorFlowLiteDoes) {
  struct Tie {
    int8_t value;
    int32_t shift;
    int8_t expected;
  };
  const Tie ties[] = {{3, 0, 2},   {-3, 0, -1},  {5, 0, 3},  {-5, 0, -2}, {1, -1, 1},
                      {-1, -1, 0}, {-2, -1, -1}, {6, -1, 2}, {-6, -1, -2}};
  for (const Tie& tie : ties) {
    FullyConnectedParams p = MakeParams(1, 1, 1);
    const RequantStorage requant = UniformRequant(1, kHalf, tie.shift);
    p.requant = requant.View();
    EXPECT_EQ(RunFullyConnected(p, {tie.value}, {1}).output, std::vector<int8_t>{tie.expected})
        << "value " << int{tie.value} << " shift " << tie.shift;
  }
}

TEST(FullyConnectedRef, SaturatesAtTheInt8RangeAndClampsToTheActivation) {
  std::mt19937 rng(3);
  FullyConnectedParams p = MakeParams(3, 16, 8);
  const RequantStorage requant = RandomRequant(rng, 8, 16);
  p.requant = requant.View();
  const std::vector<int8_t> input = RandomInt8(rng, 48);
  const std::vector<int8_t> filter = RandomInt8(rng, 128);
  EXPECT_EQ(RunFullyConnected(p, input, filter, std::vector<int32_t>(8, 1 << 28)).output,
            std::vector<int8_t>(24, 127));
  EXPECT_EQ(RunFullyConnected(p, input, filter, std::vector<int32_t>(8, -(1 << 28))).output,
            std::vector<int8_t>(24, -128));
  const std::vector<int8_t> unclamped = RunFullyConnected(p, input, filter).output;
  p.activation_min = -10;
  p.activation_max = 20;
  const std::vector<int8_t> clamped = RunFullyConnected(p, input, filter).output;
  ASSERT_EQ(clamped.size(), 24u);
  int clipped = 0;
  for (size_t i = 0; i < clamped.size(); ++i) {
    EXPECT_EQ(clamped[i], std::clamp<int8_t>(unclamped[i], -10, 20)) << "element " << i;
    clipped += clamped[i] != unclamped[i];
  }
  EXPECT_GT(clipped, 0) << "the case must exercise the clamp";
}

TEST(FullyConnectedRef, ShiftingAZeroPointAndItsValuesTogetherChangesNothing) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 20; ++trial) {
    FullyConnectedParams p = MakeParams(2, 12, 5);
    const RequantStorage requant = RandomRequant(rng, 1, 12);
    p.requant = requant.View();
    p.input_zero_point = RandomInt(rng, -20, 20);
    p.filter_zero_point = RandomInt(rng, -20, 20);
    const std::vector<int8_t> input = RandomInt8(rng, 24, -100, 100);
    const std::vector<int8_t> filter = RandomInt8(rng, 60, -100, 100);
    const std::vector<int32_t> bias = RandomBias(rng, 5);
    const std::vector<int8_t> before = RunFullyConnected(p, input, filter, bias).output;
    const int delta = RandomInt(rng, -20, 20);
    std::vector<int8_t> shifted_input = input;
    for (int8_t& v : shifted_input) v = static_cast<int8_t>(v + delta);
    std::vector<int8_t> shifted_filter = filter;
    for (int8_t& v : shifted_filter) v = static_cast<int8_t>(v - delta);
    FullyConnectedParams shifted = p;
    shifted.input_zero_point += delta;
    EXPECT_TRUE(SameOutputs(RunFullyConnected(shifted, shifted_input, filter, bias).output, before))
        << "input, trial " << trial << " delta " << delta;
    shifted = p;
    shifted.filter_zero_point -= delta;
    EXPECT_TRUE(SameOutputs(RunFullyConnected(shifted, input, shifted_filter, bias).output, before))
        << "filter, trial " << trial << " delta " << delta;
  }
}

TEST(FullyConnectedRef, MatchesTheOracleOnRandomShapes) {
  std::mt19937 rng(2026);
  size_t outputs = 0;
  size_t inside = 0;  // outputs strictly inside the clamp range, where rounding shows
  for (int trial = 0; trial < 400; ++trial) {
    FullyConnectedParams p =
        MakeParams(RandomInt(rng, 1, 4), RandomInt(rng, 1, 40), RandomInt(rng, 1, 12));
    const bool per_channel = RandomInt(rng, 0, 1) == 1;
    p.input_zero_point = RandomInt(rng, -128, 127);
    p.filter_zero_point = per_channel ? 0 : RandomInt(rng, -128, 127);  // symmetric per channel
    p.output_zero_point = RandomInt(rng, -128, 127);
    if (RandomInt(rng, 0, 3) == 0) {
      p.activation_min = RandomInt(rng, -128, 0);
      p.activation_max = RandomInt(rng, p.activation_min, 127);
    }
    const RequantStorage requant =
        RandomRequant(rng, per_channel ? static_cast<size_t>(p.output_depth) : 1, p.input_depth);
    p.requant = requant.View();
    const std::vector<int8_t> input =
        RandomInt8(rng, static_cast<size_t>(p.batches) * p.input_depth);
    const std::vector<int8_t> filter =
        RandomInt8(rng, static_cast<size_t>(p.output_depth) * p.input_depth);
    const std::vector<int32_t> bias = RandomBias(rng, static_cast<size_t>(p.output_depth));
    const std::vector<int8_t> output = RunFullyConnected(p, input, filter, bias).output;
    outputs += output.size();
    inside += std::count_if(output.begin(), output.end(),
                            [&](int8_t v) { return v > p.activation_min && v < p.activation_max; });
    ASSERT_TRUE(SameOutputs(output, FullyConnectedOracle(p, input, filter, bias)))
        << "trial " << trial << ": batches " << p.batches << " depth " << p.input_depth << " -> "
        << p.output_depth << (per_channel ? " per-channel" : " per-tensor") << " zp "
        << p.input_zero_point << "/" << p.filter_zero_point << "/" << p.output_zero_point;
  }
  EXPECT_GT(inside, outputs / 2) << "most outputs must not saturate, or the sweep proves little";
}

TEST(FullyConnectedRef, NeedsNoScratchAndRunsWithAnEmptySpan) {
  FullyConnectedParams p = MakeParams(2, 8, 4);
  EXPECT_EQ(FullyConnectedScratchBytes(p), 0u);
  const RequantStorage requant = UniformRequant(4, kHalf, 0);
  p.requant = requant.View();
  std::vector<int8_t> input(16, 2), filter(32, 3), output(8);
  ASSERT_TRUE(FullyConnected(p, input.data(), filter.data(), nullptr, output.data(), {}).ok());
  EXPECT_EQ(output, std::vector<int8_t>(8, 24));  // 8 * 2 * 3 * 0.5
}

TEST(FullyConnectedRef, RejectsParamsThatWouldReadOutOfBounds) {
  FullyConnectedParams good = MakeParams(1, 4, 3);
  const RequantStorage requant = UniformRequant(3, kHalf, 0);
  good.requant = requant.View();
  std::vector<int8_t> input(4), filter(12), output(3);
  auto run = [&](const FullyConnectedParams& p) {
    return FullyConnected(p, input.data(), filter.data(), nullptr, output.data(), {}).code();
  };
  ASSERT_EQ(run(good), ErrorCode::kOk);
  FullyConnectedParams p = good;
  p.requant.count = 2;  // neither per-tensor nor per-channel
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  p.input_depth = -1;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
  p = good;
  const int32_t bad_shifts[] = {0, 31, 0};
  p.requant.shifts = bad_shifts;
  EXPECT_EQ(run(p), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
