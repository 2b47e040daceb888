#include "planner/greedy_by_size.h"

#include <gtest/gtest.h>

#include <vector>

#include "planner/memory_plan.h"
#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

TEST(GreedyBySizeOrder, LargestFirstThenLongestLivedThenIndex) {
  const std::vector<BufferRequest> buffers = {
      Buffer("small", 16, 0, 9), Buffer("big", 64, 0, 0), Buffer("short", 32, 4, 4),
      Buffer("long", 32, 1, 3),  Buffer("tie", 32, 5, 5), Buffer("padded", 20, 0, 0)};
  // "padded" reserves 32 B (20 rounded up to 16) and ranks with the 32 B buffers.
  EXPECT_EQ(GreedyBySizeOrder(buffers), (std::vector<int32_t>{1, 3, 2, 4, 5, 0}));
}

TEST(GreedyBySize, NeedsTenBytesWhereNineSufficeOnChain5145) {
  // Both 5s go to offset 0 first; 4 lands above the right 5 and 1 finds no room below the top.
  const auto buffers = Chain({80, 16, 64, 80});
  Result<MemoryPlan> plan =
      PlanMemory(buffers, OneUnboundedPool(), With(PlacementAlgorithm::kGreedyBySize));
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(plan->pool_bytes[0], 160u);
  EXPECT_EQ(plan->lower_bound_bytes, 144u);
  EXPECT_EQ(plan->placements[0].offset, 0u);
  EXPECT_EQ(plan->placements[3].offset, 0u);
  EXPECT_EQ(plan->placements[2].offset, 80u);
  EXPECT_EQ(plan->placements[1].offset, 144u);
  EXPECT_EQ(plan->algorithm, "greedy_by_size");
}

TEST(GreedyBySize, FillsAGapBetweenEarlierPlacedNeighbors) {
  // "low" and "high" leave a 32 B gap at [64, 96) during step 1; "mid" (32 B) takes it.
  const std::vector<BufferRequest> buffers = {Buffer("wide", 96, 0, 0), Buffer("low", 64, 1, 1),
                                              Buffer("spacer", 32, 0, 0), Buffer("high", 48, 0, 1),
                                              Buffer("mid", 32, 1, 1)};
  Result<MemoryPlan> plan =
      PlanMemory(buffers, OneUnboundedPool(), With(PlacementAlgorithm::kGreedyBySize));
  ASSERT_TRUE(plan.ok());
  // Order: wide(96)@0, low(64)@0, high(48) above wide and low @96, spacer(32) above high @144,
  // mid(32) in the gap above low @64.
  EXPECT_EQ(plan->placements[0].offset, 0u);
  EXPECT_EQ(plan->placements[1].offset, 0u);
  EXPECT_EQ(plan->placements[3].offset, 96u);
  EXPECT_EQ(plan->placements[2].offset, 144u);
  EXPECT_EQ(plan->placements[4].offset, 64u);
  EXPECT_EQ(plan->pool_bytes[0], 176u);
  EXPECT_EQ(plan->lower_bound_bytes, 176u);
}

TEST(GreedyBySize, BuffersThatNeverMeetShareOffsetZero) {
  const std::vector<BufferRequest> buffers = {Buffer("a", 64, 0, 0), Buffer("b", 48, 1, 1),
                                              Buffer("c", 32, 2, 2)};
  Result<MemoryPlan> plan =
      PlanMemory(buffers, OneUnboundedPool(), With(PlacementAlgorithm::kGreedyBySize));
  ASSERT_TRUE(plan.ok());
  for (const Placement& placement : plan->placements) EXPECT_EQ(placement.offset, 0u);
  EXPECT_EQ(plan->pool_bytes[0], 64u);
}

}  // namespace
}  // namespace arenastore::planner
