// The variants equal ref on cases too large for the variant sweeps' 64 KiB buffers
// (tests/ops/variant_sweep.h): mean's int32 sums wrapping modulo 2^32 (17M inputs at one int8
// edge), average_pool2d's windows of more than 65,536 elements (the x86 kernels divide those in
// double precision, smaller ones in float), the benchmark's 1024x1024 fully connected layer,
// conv2d's and depthwise_conv2d's windows at the bound of the x86_avx512vnni short
// requantization form.
// Every variant the machine runs, through the registry, each on exactly its declared scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "tests/kernels/guarded_scratch.h"

namespace arenastore::kernels {
namespace {

using Inputs = std::vector<const void*>;

std::vector<int8_t> Run(const KernelEntry& entry, const OpParams& params, const Inputs& inputs,
                        size_t output_bytes) {
  testing::GuardedScratch scratch(entry.scratch_bytes(params), 0xa5);
  std::vector<int8_t> output(output_bytes, 0x3c);
  OpOperands operands{};
  for (const void* input : inputs) operands.inputs[operands.num_inputs++] = input;
  operands.outputs[0] = output.data();
  operands.num_outputs = 1;
  const Status status = entry.eval(params, operands, scratch.scratch());
  EXPECT_TRUE(status.ok()) << IsaName(entry.isa) << ": " << status.message();
  EXPECT_TRUE(scratch.GuardsIntact()) << IsaName(entry.isa) << " wrote past its scratch";
  return output;
}

// Every int8 variant of params.kind this machine runs against ref; returns how many ran.
int ExpectVariantsEqualRef(const OpParams& params, const Inputs& inputs, size_t output_bytes,
                           const std::string& what) {
  const std::vector<int8_t> expected =
      Run(*ResolveKernel(params.kind, KernelDtype::kInt8, Isa::kRef), params, inputs, output_bytes);
  int variants = 0;
  for (const KernelEntry& entry : KernelsOf(params.kind)) {
    if (entry.isa == Isa::kRef || entry.dtype != KernelDtype::kInt8) continue;
    if (!KernelRunnable(entry)) continue;
    ++variants;
    EXPECT_EQ(Run(entry, params, inputs, output_bytes), expected) << IsaName(entry.isa) << what;
  }
  return variants;
}

TEST(LargeVariantCases, MeanWrapsItsSumsAsRefDoes) {
  struct WrappingMean {
    int32_t shape[2], reduced[2];
  };
  // One row of 17M values, and 17M rows of two (the per-column path).
  constexpr WrappingMean kMeans[] = {{{1, 17000000}, {0, 1}}, {{17000000, 2}, {1, 0}}};
  int variants = 0;
  for (const WrappingMean& mean : kMeans) {
    for (const int8_t value : {int8_t{-128}, int8_t{127}}) {
      OpParams params{};
      params.kind = OpKind::kMean;
      params.dtype = KernelDtype::kInt8;
      MeanParams& p = params.mean;
      p.rank = 2;
      for (int d = 0; d < 2; ++d) {
        p.input_shape[d] = mean.shape[d];
        p.reduced[d] = mean.reduced[d];
      }
      p.input_zero_point = 3;
      p.output_zero_point = -1;
      p.output_multiplier = 1 << 30;
      p.output_shift = -20;
      const std::vector<int8_t> input(size_t{17000000} * (mean.shape[0] == 1 ? 1 : 2), value);
      variants += ExpectVariantsEqualRef(
          params, {input.data()}, static_cast<size_t>(ReduceOutputCount(p)),
          " on " + std::to_string(mean.shape[0]) + "x" + std::to_string(mean.shape[1]) + " of " +
              std::to_string(value));
    }
  }
  if (variants == 0) GTEST_SKIP() << "this machine runs none of mean's variants";
}

TEST(LargeVariantCases, AveragePool2dDividesWindowsAroundTheFloatLimitAsRefDoes) {
  std::mt19937 rng(8606);
  int variants = 0;
  for (const int32_t side : {255, 256, 257, 300}) {
    for (const int8_t value : {int8_t{-128}, int8_t{127}}) {
      OpParams params{};
      params.kind = OpKind::kAveragePool2d;
      params.dtype = KernelDtype::kInt8;
      params.average_pool2d =
          Pool2dParams{1, side, side, 3, side, side, 1, 1, 1, 1, 0, 0, -128, 127};
      std::vector<int8_t> input(static_cast<size_t>(side) * side * 3);
      for (size_t k = 0; k < input.size(); ++k) {
        input[k] = k % 2 == 0 ? value : static_cast<int8_t>(rng());
      }
      variants += ExpectVariantsEqualRef(
          params, {input.data()}, 3,
          " on a " + std::to_string(side) + "x" + std::to_string(side) + " window");
    }
  }
  if (variants == 0) GTEST_SKIP() << "this machine runs none of average_pool2d's variants";
}

TEST(LargeVariantCases, FullyConnectedEqualsRefOnTheBenchmarksLargestLayer) {
  std::mt19937 rng(8302);
  OpParams params{};
  params.kind = OpKind::kFullyConnected;
  params.dtype = KernelDtype::kInt8;
  FullyConnectedParams& p = params.fully_connected;
  p.batches = 1;
  p.input_depth = p.output_depth = 1024;
  p.input_zero_point = -128;
  p.output_zero_point = 5;
  p.activation_min = -128;
  p.activation_max = 127;
  std::vector<int32_t> multipliers(1024), shifts(1024), bias(1024);
  for (int32_t c = 0; c < 1024; ++c) {
    multipliers[c] = static_cast<int32_t>((1u << 30) + (rng() >> 2));
    shifts[c] = -12 - static_cast<int32_t>(rng() % 3);
    bias[c] = static_cast<int32_t>(rng() % 80001) - 40000;
  }
  p.requant = {multipliers.data(), shifts.data(), 1024};
  std::vector<int8_t> input(1024), filter(size_t{1024} * 1024);
  for (int8_t& v : input) v = static_cast<int8_t>(rng());
  for (int8_t& v : filter) v = static_cast<int8_t>(rng());
  if (ExpectVariantsEqualRef(params, {input.data(), filter.data(), bias.data()}, 1024,
                             " on 1024x1024") == 0) {
    GTEST_SKIP() << "this machine runs none of fully_connected's variants";
  }
}

// The short form needs |acc_init| < 2^29 and at most 4112 k-groups (16448 input bytes), so that
// |acc| < 2^30. A 1x1 conv over 16448 channels (the longest such window) and over 16452 (one
// k-group more: the general form), inputs at 127 with zero point -128 and weights at 127 or
// -128, gives acc = bias + 255 * sum(weights): with biases at +-(2^29 - 1) (short form) it comes
// within 8193 of -2^30 and 4.2e6 of 2^30; with biases at +-(2^29 + 2^24) (general form) it
// passes +-2^30, where the short form would overflow. Scales: the edge multipliers and shifts,
// and shifts near 30 where so large an accumulator does not saturate the output.
constexpr int32_t kOutputs = 20;
constexpr int32_t kMultipliers[] = {INT32_MAX, 1 << 30, 0, 1, 1518500250};
constexpr int32_t kShifts[] = {-1, -22, -23, -29, -30};

TEST(LargeVariantCases, Conv2dEqualsRefAtTheShortRequantizationFormsBound) {
  int variants = 0;
  for (const int32_t input_c : {16448, 16452}) {
    for (const int32_t bias_magnitude : {(1 << 29) - 1, (1 << 29) + (1 << 24)}) {
      OpParams params{};
      params.kind = OpKind::kConv2d;
      params.dtype = KernelDtype::kInt8;
      Conv2dParams& p = params.conv2d;
      p = Conv2dParams{1, 1, 2, input_c, 1, 1,    1, 2,    kOutputs, 1,  1,
                       1, 1, 1, 0,       0, -128, 0, -128, 127,      {}, false};
      std::vector<int32_t> multipliers(kOutputs), shifts(kOutputs), bias(kOutputs);
      std::vector<int8_t> input(size_t{2} * input_c, 127), filter(size_t{kOutputs} * input_c);
      if (input_c == 16452) input[5] = -128;  // one input off the edge
      for (int32_t o = 0; o < kOutputs; ++o) {
        const bool positive = o % 2 == 0;
        bias[o] = positive ? bias_magnitude : -bias_magnitude;
        std::fill_n(filter.begin() + static_cast<ptrdiff_t>(o) * input_c, input_c,
                    positive ? int8_t{127} : int8_t{-128});
        multipliers[o] = kMultipliers[o % 5];
        shifts[o] = kShifts[(o / 5 + o) % 5];
      }
      p.requant = {multipliers.data(), shifts.data(), kOutputs};
      variants += ExpectVariantsEqualRef(params, {input.data(), filter.data(), bias.data()},
                                         size_t{2} * kOutputs,
                                         " over " + std::to_string(input_c) + " channels, bias +-" +
                                             std::to_string(bias_magnitude));
    }
  }
  if (variants == 0) GTEST_SKIP() << "this machine runs none of conv2d's variants";
}

// As conv2d's: at most 4112 quads of taps (a 1028x16 filter; 1029x16 takes the general form).
TEST(LargeVariantCases, DepthwiseConv2dEqualsRefAtTheShortRequantizationFormsBound) {
  int variants = 0;
  for (const int32_t filter_h : {1028, 1029}) {
    for (const int32_t bias_magnitude : {(1 << 29) - 1, (1 << 29) + (1 << 24)}) {
      OpParams params{};
      params.kind = OpKind::kDepthwiseConv2d;
      params.dtype = KernelDtype::kInt8;
      DepthwiseConv2dParams& p = params.depthwise_conv2d;
      // A 1028 (or 1029) x 17 image under a filter of its height and 16 columns: two outputs.
      p.batches = p.depth_multiplier = 1;
      p.input_h = p.filter_h = filter_h;
      p.input_w = 17;
      p.filter_w = 16;
      p.input_c = p.output_c = kOutputs;
      p.output_h = 1;
      p.output_w = 2;
      p.stride_h = p.stride_w = p.dilation_h = p.dilation_w = 1;
      p.input_zero_point = -128;
      p.activation_min = -128;
      p.activation_max = 127;
      std::vector<int32_t> multipliers(kOutputs), shifts(kOutputs), bias(kOutputs);
      std::vector<int8_t> input(size_t{17} * filter_h * kOutputs, 127);
      std::vector<int8_t> filter(size_t{16} * filter_h * kOutputs);
      for (int32_t o = 0; o < kOutputs; ++o) {
        const bool positive = o % 2 == 0;
        bias[o] = positive ? bias_magnitude : -bias_magnitude;
        for (size_t tap = 0; tap < filter.size() / kOutputs; ++tap) {
          filter[tap * kOutputs + o] = positive ? int8_t{127} : int8_t{-128};
        }
        multipliers[o] = kMultipliers[o % 5];
        shifts[o] = kShifts[(o / 5 + o) % 5];
      }
      p.requant = {multipliers.data(), shifts.data(), kOutputs};
      variants += ExpectVariantsEqualRef(
          params, {input.data(), filter.data(), bias.data()}, size_t{2} * kOutputs,
          " with a " + std::to_string(filter_h) + "x16 filter, bias +-" +
              std::to_string(bias_magnitude));
    }
  }
  if (variants == 0) GTEST_SKIP() << "this machine runs none of depthwise_conv2d's variants";
}
}  // namespace
}  // namespace arenastore::kernels
