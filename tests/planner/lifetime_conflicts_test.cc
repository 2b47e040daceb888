#include "planner/lifetime_conflicts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

std::vector<int32_t> Sorted(std::span<const int32_t> neighbors) {
  std::vector<int32_t> sorted(neighbors.begin(), neighbors.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

TEST(LifetimeConflicts, ConnectsBuffersThatShareAStep) {
  const std::vector<BufferRequest> buffers = {Buffer("a", 16, 0, 2), Buffer("b", 16, 2, 3),
                                              Buffer("c", 16, 3, 3), Buffer("d", 16, 5, 6)};
  const LifetimeConflicts conflicts(buffers);
  EXPECT_EQ(Sorted(conflicts.Of(0)), (std::vector<int32_t>{1}));
  EXPECT_EQ(Sorted(conflicts.Of(1)), (std::vector<int32_t>{0, 2}));
  EXPECT_EQ(Sorted(conflicts.Of(2)), (std::vector<int32_t>{1}));
  EXPECT_TRUE(conflicts.Of(3).empty());
  EXPECT_EQ(conflicts.pair_count(), 2u);
}

TEST(LifetimeConflicts, MatchesThePairwiseDefinitionOnRandomInstances) {
  std::mt19937_64 random(5);
  for (int instance = 0; instance < 100; ++instance) {
    const auto buffers =
        RandomBuffers(random, 1 + static_cast<int32_t>(random() % 60), 1 + random() % 10);
    const LifetimeConflicts conflicts(buffers);
    ASSERT_EQ(conflicts.buffer_count(), buffers.size());
    for (size_t i = 0; i < buffers.size(); ++i) {
      std::vector<int32_t> expected;
      for (size_t j = 0; j < buffers.size(); ++j) {
        const bool meet = buffers[i].first_step <= buffers[j].last_step &&
                          buffers[j].first_step <= buffers[i].last_step;
        if (i != j && meet) expected.push_back(static_cast<int32_t>(j));
      }
      EXPECT_EQ(Sorted(conflicts.Of(static_cast<int32_t>(i))), expected);
    }
  }
}

}  // namespace
}  // namespace arenastore::planner
