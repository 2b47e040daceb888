#include "ops/reshape/ref.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tests/kernels/ref_kernel_test_support.h"

namespace arenastore::kernels::ref {
namespace {

using testing::RandomInt8;
using testing::RunGuarded;

TEST(ReshapeRef, CopiesTheBytesUnchangedIntoASeparateOutput) {
  std::mt19937 rng(41);
  const std::vector<int8_t> input = RandomInt8(rng, 64);
  std::vector<int8_t> output(64 + 1, 0x33);
  ASSERT_TRUE(Reshape({64}, input.data(), output.data(), {}).ok());
  EXPECT_EQ(std::vector<int8_t>(output.begin(), output.begin() + 64), input);
  EXPECT_EQ(output[64], 0x33) << "wrote past the output";
}

TEST(ReshapeRef, DoesNothingWhenThePlannerAliasedOutputOntoInput) {
  std::mt19937 rng(42);
  std::vector<int8_t> tensor = RandomInt8(rng, 64);
  const std::vector<int8_t> before = tensor;
  ASSERT_TRUE(Reshape({64}, tensor.data(), tensor.data(), {}).ok());
  EXPECT_EQ(tensor, before);
}

TEST(ReshapeRef, NeedsNoScratchAndTouchesNone) {
  EXPECT_EQ(ReshapeScratchBytes({8000}), 0u);
  const std::vector<int8_t> input(12, 5);
  std::vector<int8_t> output(12);
  for (const auto& run : RunGuarded(0, [&](std::span<uint8_t> scratch) {
         return Reshape({12}, input.data(), output.data(), scratch);
       })) {
    EXPECT_TRUE(run.status.ok()) << run.status.message();
    EXPECT_TRUE(run.guards_intact);
    EXPECT_EQ(run.highest_touched_bytes, 0u);
  }
}

TEST(ReshapeRef, RejectsANegativeSize) {
  int8_t data[1] = {};
  EXPECT_EQ(Reshape({-1}, data, data + 0, {}).code(), ErrorCode::kKernelInvalidParams);
}

}  // namespace
}  // namespace arenastore::kernels::ref
