#include "ops/concatenation/ref.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::RandomInt;
using testing::RandomInt8;
using testing::RunGuarded;

struct Inputs {
  ConcatenationParams params{};
  std::vector<std::vector<int8_t>> tensors;
  std::vector<const int8_t*> pointers;
};

Inputs MakeInputs(int32_t outer, int32_t inner, const std::vector<int32_t>& axis_sizes,
                  std::mt19937& rng) {
  Inputs in;
  in.params.num_inputs = static_cast<int32_t>(axis_sizes.size());
  in.params.outer_size = outer;
  in.params.inner_size = inner;
  for (size_t k = 0; k < axis_sizes.size(); ++k) {
    in.params.input_axis_sizes[k] = axis_sizes[k];
    in.tensors.push_back(RandomInt8(rng, static_cast<size_t>(outer) * axis_sizes[k] * inner));
  }
  for (const auto& t : in.tensors) in.pointers.push_back(t.data());
  return in;
}

size_t OutputElements(const ConcatenationParams& p) {
  size_t axis = 0;
  for (int k = 0; k < p.num_inputs; ++k) axis += static_cast<size_t>(p.input_axis_sizes[k]);
  return static_cast<size_t>(p.outer_size) * axis * static_cast<size_t>(p.inner_size);
}

// Straightforward oracle: for each output coordinate (outer, axis, inner) find the input that
// owns that axis position.
std::vector<int8_t> ConcatenationOracle(const Inputs& in) {
  const ConcatenationParams& p = in.params;
  std::vector<int8_t> out;
  for (int o = 0; o < p.outer_size; ++o) {
    for (int k = 0; k < p.num_inputs; ++k) {
      for (int a = 0; a < p.input_axis_sizes[k]; ++a) {
        for (int i = 0; i < p.inner_size; ++i) {
          out.push_back(in.tensors[k][(o * p.input_axis_sizes[k] + a) * p.inner_size + i]);
        }
      }
    }
  }
  return out;
}

std::vector<int8_t> RunConcatenation(const Inputs& in) {
  std::vector<int8_t> out(OutputElements(in.params), 0x55);
  const Status status = Concatenation(in.params, in.pointers.data(), out.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return out;
}

TEST(ConcatenationRef, JoinsChannelsPixelByPixel) {
  // Two 1x2x1x{1,2} tensors concatenated on the channel axis: outer 2 pixels, inner 1.
  ConcatenationParams p{};
  p.num_inputs = 2;
  p.outer_size = 2;
  p.inner_size = 1;
  p.input_axis_sizes[0] = 1;
  p.input_axis_sizes[1] = 2;
  const int8_t a[] = {1, 2};
  const int8_t b[] = {10, 11, 20, 21};
  const int8_t* inputs[] = {a, b};
  std::vector<int8_t> out(6);
  ASSERT_TRUE(Concatenation(p, inputs, out.data(), {}).ok());
  EXPECT_EQ(out, (std::vector<int8_t>{1, 10, 11, 2, 20, 21}));
}

TEST(ConcatenationRef, JoinsWholeTensorsOnTheFirstAxis) {
  std::mt19937 rng(61);
  const Inputs in = MakeInputs(1, 6, {2, 1, 3}, rng);
  std::vector<int8_t> expected;
  for (const auto& t : in.tensors) expected.insert(expected.end(), t.begin(), t.end());
  EXPECT_EQ(RunConcatenation(in), expected);
}

TEST(ConcatenationRef, MatchesTheOracleOnRandomSplits) {
  std::mt19937 rng(62);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int32_t> axis_sizes(static_cast<size_t>(RandomInt(rng, 1, kMaxOpInputs)));
    for (int32_t& size : axis_sizes) size = RandomInt(rng, 0, 4);
    const Inputs in = MakeInputs(RandomInt(rng, 1, 5), RandomInt(rng, 1, 5), axis_sizes, rng);
    ASSERT_EQ(RunConcatenation(in), ConcatenationOracle(in)) << "trial " << trial;
  }
}

TEST(ConcatenationRef, NeedsNoScratchAndTouchesNone) {
  std::mt19937 rng(63);
  const Inputs in = MakeInputs(3, 4, {1, 2, 3}, rng);
  EXPECT_EQ(ConcatenationScratchBytes(in.params), 0u);
  std::vector<int8_t> out(OutputElements(in.params));
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return Concatenation(in.params, in.pointers.data(), out.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
  }
}

TEST(ConcatenationRef, RejectsAnInputCountOutOfRange) {
  ConcatenationParams p{};
  p.num_inputs = kMaxOpInputs + 1;
  p.outer_size = 1;
  p.inner_size = 1;
  int8_t out[1];
  EXPECT_EQ(Concatenation(p, nullptr, out, {}).code(), ErrorCode::kKernelInvalidParams);
  p.num_inputs = 0;
  EXPECT_EQ(Concatenation(p, nullptr, out, {}).code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
