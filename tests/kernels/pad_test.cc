#include "ops/pad/ref.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::RandomInt;
using testing::RandomInt8;
using testing::RunGuarded;

PadParams MakePadParams(const std::vector<int32_t>& shape, const std::vector<int32_t>& before,
                        const std::vector<int32_t>& after, int32_t pad_value) {
  PadParams p{};
  p.rank = static_cast<int32_t>(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    p.input_shape[d] = shape[d];
    p.before[d] = before[d];
    p.after[d] = after[d];
  }
  p.pad_value = pad_value;
  return p;
}

size_t OutputElements(const PadParams& p) {
  size_t count = 1;
  for (int d = 0; d < p.rank; ++d)
    count *= static_cast<size_t>(p.input_shape[d] + p.before[d] + p.after[d]);
  return count;
}

// Straightforward oracle: unravel every output index; inside the input box copy, else pad.
std::vector<int8_t> PadOracle(const PadParams& p, const std::vector<int8_t>& in) {
  std::vector<int8_t> out(OutputElements(p));
  for (size_t flat = 0; flat < out.size(); ++flat) {
    size_t rest = flat;
    int coordinate[kMaxPadRank];
    for (int d = p.rank - 1; d >= 0; --d) {
      const size_t size = static_cast<size_t>(p.input_shape[d] + p.before[d] + p.after[d]);
      coordinate[d] = static_cast<int>(rest % size) - p.before[d];
      rest /= size;
    }
    bool inside = true;
    size_t source = 0;
    for (int d = 0; d < p.rank; ++d) {
      inside = inside && coordinate[d] >= 0 && coordinate[d] < p.input_shape[d];
      source = source * static_cast<size_t>(p.input_shape[d]) + static_cast<size_t>(coordinate[d]);
    }
    out[flat] = inside ? in[source] : static_cast<int8_t>(p.pad_value);
  }
  return out;
}

std::vector<int8_t> RunPad(const PadParams& p, const std::vector<int8_t>& input) {
  std::vector<int8_t> output(OutputElements(p), 0x55);
  const Status status = Pad(p, input.data(), output.data(), {});
  EXPECT_TRUE(status.ok()) << status.message();
  return output;
}

TEST(PadRef, SurroundsAnImageWithTheZeroPoint) {
  // 1x2x2x1 padded by one pixel on every side of H and W with zero point -128.
  const PadParams p = MakePadParams({1, 2, 2, 1}, {0, 1, 1, 0}, {0, 1, 1, 0}, -128);
  const std::vector<int8_t> expected = {-128, -128, -128, -128,  //
                                        -128, 1,    2,    -128,  //
                                        -128, 3,    4,    -128,  //
                                        -128, -128, -128, -128};
  EXPECT_EQ(RunPad(p, {1, 2, 3, 4}), expected);
}

TEST(PadRef, PadsOnlyWhereAskedIncludingTheLastDimension) {
  // Rank 2: one row after, two columns before.
  const PadParams p = MakePadParams({2, 2}, {0, 2}, {1, 0}, 7);
  EXPECT_EQ(RunPad(p, {1, 2, 3, 4}), (std::vector<int8_t>{7, 7, 1, 2, 7, 7, 3, 4, 7, 7, 7, 7}));
}

TEST(PadRef, NoPaddingIsACopy) {
  std::mt19937 rng(51);
  const std::vector<int8_t> input = RandomInt8(rng, 2 * 3 * 4 * 5 * 2);
  const PadParams p = MakePadParams({2, 3, 4, 5, 2}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, 0);
  EXPECT_EQ(RunPad(p, input), input);
}

TEST(PadRef, MatchesTheOracleOnRandomRanksAndPadding) {
  std::mt19937 rng(52);
  for (int trial = 0; trial < 300; ++trial) {
    const int rank = RandomInt(rng, 1, kMaxPadRank);
    std::vector<int32_t> shape, before, after;
    size_t elements = 1;
    for (int d = 0; d < rank; ++d) {
      shape.push_back(RandomInt(rng, 1, 4));
      before.push_back(RandomInt(rng, 0, 2));
      after.push_back(RandomInt(rng, 0, 2));
      elements *= static_cast<size_t>(shape.back());
    }
    const PadParams p = MakePadParams(shape, before, after, RandomInt(rng, -128, 127));
    const std::vector<int8_t> input = RandomInt8(rng, elements);
    ASSERT_EQ(RunPad(p, input), PadOracle(p, input)) << "trial " << trial << " rank " << rank;
  }
}

TEST(PadRef, NeedsNoScratchAndTouchesNone) {
  const PadParams p = MakePadParams({1, 4, 4, 3}, {0, 1, 1, 0}, {0, 1, 1, 0}, 0);
  EXPECT_EQ(PadScratchBytes(p), 0u);
  std::mt19937 rng(53);
  const std::vector<int8_t> input = RandomInt8(rng, 48);
  std::vector<int8_t> output(OutputElements(p));
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return Pad(p, input.data(), output.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
  }
}

TEST(PadRef, RejectsBadRankNegativePaddingAndNonInt8PadValue) {
  int8_t data[4] = {};
  PadParams p = MakePadParams({2, 2}, {0, 0}, {0, 0}, 0);
  p.rank = kMaxPadRank + 1;
  EXPECT_EQ(Pad(p, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
  p = MakePadParams({2, 2}, {0, -1}, {0, 0}, 0);
  EXPECT_EQ(Pad(p, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
  p = MakePadParams({2, 2}, {0, 0}, {0, 0}, 128);
  EXPECT_EQ(Pad(p, data, data, {}).code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
