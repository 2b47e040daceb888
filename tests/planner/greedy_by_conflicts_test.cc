#include "planner/greedy_by_conflicts.h"

#include <gtest/gtest.h>

#include <vector>

#include "planner/lifetime_conflicts.h"
#include "planner/memory_plan.h"
#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

// In units of 16 B: b (6) is the biggest but meets only a; a (4) meets everyone; c, d and e
// crowd step 3 with a.
std::vector<BufferRequest> CrowdedStep() {
  return {Buffer("a", 64, 2, 4), Buffer("b", 96, 0, 2), Buffer("c", 48, 3, 3),
          Buffer("d", 80, 3, 5), Buffer("e", 48, 3, 3)};
}

TEST(GreedyByConflictsOrder, MostPressureFirstThenSizeThenIndex) {
  const auto buffers = CrowdedStep();
  const LifetimeConflicts conflicts(buffers);
  // Pressure (own + conflicting bytes, / 16): a 21, b 10, c 15, d 15, e 15.
  EXPECT_EQ(GreedyByConflictsOrder(buffers, conflicts), (std::vector<int32_t>{0, 3, 2, 4, 1}));
}

TEST(GreedyByConflicts, PacksTheCrowdedStepThatGreedyBySizeSplits) {
  const auto buffers = CrowdedStep();
  const auto pools = OneUnboundedPool();
  Result<MemoryPlan> by_size = PlanMemory(buffers, pools, With(PlacementAlgorithm::kGreedyBySize));
  Result<MemoryPlan> by_conflicts =
      PlanMemory(buffers, pools, With(PlacementAlgorithm::kGreedyByConflicts));
  ASSERT_TRUE(by_size.ok());
  ASSERT_TRUE(by_conflicts.ok());
  EXPECT_EQ(by_size->pool_bytes[0], 256u);
  EXPECT_EQ(by_conflicts->pool_bytes[0], 240u);
  EXPECT_EQ(by_conflicts->lower_bound_bytes, 240u);
  EXPECT_EQ(by_conflicts->algorithm, "greedy_by_conflicts");
  // a, d, c, e stack up from 0; b reuses the bytes d takes only from step 3 on.
  EXPECT_EQ(by_conflicts->placements[0].offset, 0u);
  EXPECT_EQ(by_conflicts->placements[3].offset, 64u);
  EXPECT_EQ(by_conflicts->placements[2].offset, 144u);
  EXPECT_EQ(by_conflicts->placements[4].offset, 192u);
  EXPECT_EQ(by_conflicts->placements[1].offset, 64u);

  Result<MemoryPlan> automatic = PlanMemory(buffers, pools, {});
  ASSERT_TRUE(automatic.ok());
  EXPECT_EQ(automatic->algorithm, "greedy_by_conflicts");
  EXPECT_EQ(automatic->pool_bytes[0], 240u);
}

}  // namespace
}  // namespace arenastore::planner
