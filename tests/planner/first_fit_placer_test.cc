#include "planner/first_fit_placer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "planner/lifetime_conflicts.h"
#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

std::vector<int32_t> Identity(size_t count) {
  std::vector<int32_t> order(count);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

void ExpectSamePlacements(const std::vector<Placement>& a, const std::vector<Placement>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].pool, b[i].pool) << "buffer " << i;
    EXPECT_EQ(a[i].offset, b[i].offset) << "buffer " << i;
  }
}

TEST(FirstFitPlacer, PlacesInTheGivenOrder) {
  const auto buffers = Chain({64, 32, 48});
  const auto pools = OneUnboundedPool();
  const LifetimeConflicts conflicts(buffers);
  FirstFitPlacer placer(buffers, pools, conflicts);
  ASSERT_TRUE(placer.Place(std::vector<int32_t>{1, 0, 2}));
  EXPECT_EQ(placer.placements()[1].offset, 0u);
  EXPECT_EQ(placer.placements()[0].offset, 32u);
  EXPECT_EQ(placer.placements()[2].offset, 32u);
  EXPECT_EQ(placer.PoolBytes(), std::vector<size_t>{96});
  std::vector<int32_t> tops;
  placer.AppendTops(0, &tops);
  std::sort(tops.begin(), tops.end());
  EXPECT_EQ(tops, (std::vector<int32_t>{0}));
}

TEST(FirstFitPlacer, ReportsTheBufferThatFitsNowhere) {
  const auto buffers = Chain({64, 32});
  const std::vector<PoolSpec> pools = {{"sram", 64, 16}, {"dtcm", 16, 16}};
  const LifetimeConflicts conflicts(buffers);
  FirstFitPlacer placer(buffers, pools, conflicts);
  EXPECT_FALSE(placer.Place(Identity(2)));
  EXPECT_EQ(placer.failure().buffer, 1);
  EXPECT_EQ(placer.failure().pool, 1);
  EXPECT_EQ(placer.failure().end_bytes, 32u);
  EXPECT_EQ(placer.failure().capacity_bytes, 16u);
}

// Property: re-placing only what a move can change gives exactly a full placement of the new
// order, and UndoMove gives back exactly the old one.
TEST(FirstFitPlacer, MoveEarlierMatchesAFullPlacementAndUndoRestores) {
  std::mt19937_64 random(9);
  for (int instance = 0; instance < 60; ++instance) {
    const auto buffers =
        RandomBuffers(random, 2 + static_cast<int32_t>(random() % 60), 1 + random() % 8);
    const std::vector<PoolSpec> pools = {{"small", 2048, 64}, {"big", 0, 64}};
    const LifetimeConflicts conflicts(buffers);
    FirstFitPlacer incremental(buffers, pools, conflicts);
    FirstFitPlacer full(buffers, pools, conflicts);
    std::vector<int32_t> order = Identity(buffers.size());
    std::shuffle(order.begin(), order.end(), random);
    ASSERT_TRUE(incremental.Place(order));
    for (int move = 0; move < 20; ++move) {
      const size_t from = 1 + random() % (order.size() - 1);
      const size_t to = random() % from;
      const std::vector<Placement> before = incremental.placements();
      const size_t total_before = incremental.TotalBytes();
      ASSERT_TRUE(incremental.MoveEarlier(from, to));
      std::rotate(order.begin() + to, order.begin() + from, order.begin() + from + 1);
      EXPECT_EQ(incremental.order(), order);
      ASSERT_TRUE(full.Place(order));
      ExpectSamePlacements(incremental.placements(), full.placements());
      EXPECT_EQ(incremental.TotalBytes(), full.TotalBytes());
      if (move % 2 == 0) {
        incremental.UndoMove();
        std::rotate(order.begin() + to, order.begin() + to + 1, order.begin() + from + 1);
        EXPECT_EQ(incremental.order(), order);
        ExpectSamePlacements(incremental.placements(), before);
        EXPECT_EQ(incremental.TotalBytes(), total_before);
      }
    }
  }
}

TEST(FirstFitPlacer, UndoesAMoveAfterWhichABufferFitsNowhere) {
  // Chain 80,16,64,80 in a 144 B pool: order b, d, c, a fits exactly; moving a to the front
  // puts b at 80 and pushes c to [96, 160).
  const auto buffers = Chain({80, 16, 64, 80});
  const std::vector<PoolSpec> pools = {{"sram", 144, 16}};
  const LifetimeConflicts conflicts(buffers);
  FirstFitPlacer placer(buffers, pools, conflicts);
  ASSERT_TRUE(placer.Place(std::vector<int32_t>{1, 3, 2, 0}));
  EXPECT_EQ(placer.TotalBytes(), 144u);
  const std::vector<Placement> before = placer.placements();
  EXPECT_FALSE(placer.MoveEarlier(3, 0));
  EXPECT_EQ(placer.failure().buffer, 2);
  EXPECT_EQ(placer.failure().end_bytes, 160u);
  EXPECT_EQ(placer.failure().capacity_bytes, 144u);
  placer.UndoMove();
  ExpectSamePlacements(placer.placements(), before);
  EXPECT_EQ(placer.order(), (std::vector<int32_t>{1, 3, 2, 0}));
  EXPECT_EQ(placer.TotalBytes(), 144u);
}

}  // namespace
}  // namespace arenastore::planner
