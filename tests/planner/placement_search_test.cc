#include "planner/placement_search.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "planner/first_fit_placer.h"
#include "planner/greedy_by_size.h"
#include "planner/lifetime_conflicts.h"
#include "planner/lower_bound.h"
#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

struct Fixture {
  explicit Fixture(std::vector<BufferRequest> requests, std::vector<PoolSpec> pool_specs)
      : buffers(std::move(requests)),
        pools(std::move(pool_specs)),
        conflicts(buffers),
        placer(buffers, pools, conflicts),
        lower_bound_bytes(LargestLiveSet(buffers).bytes) {}
  SearchOutcome Search(uint64_t seed, const SearchLimits& limits) {
    return SearchPlacementOrder(placer, GreedyBySizeOrder(buffers), lower_bound_bytes, seed,
                                limits);
  }
  std::vector<BufferRequest> buffers;
  std::vector<PoolSpec> pools;
  LifetimeConflicts conflicts;
  FirstFitPlacer placer;
  size_t lower_bound_bytes;
};

TEST(PlacementSearch, ReachesTheLowerBoundWhereGreedyBySizeMissesIt) {
  Fixture fixture(Chain({80, 16, 64, 80}), OneUnboundedPool());
  const SearchOutcome outcome = fixture.Search(1, {});
  EXPECT_EQ(outcome.total_bytes, 144u);
  EXPECT_EQ(fixture.placer.TotalBytes(), 144u);  // the placer holds the winning placement
  EXPECT_EQ(fixture.placer.order(), outcome.order);
}

TEST(PlacementSearch, StopsAsSoonAsItReachesTheLowerBound) {
  Fixture fixture(Chain({80, 16, 64, 80}), OneUnboundedPool());
  const SearchOutcome outcome = fixture.Search(1, {});
  EXPECT_LT(outcome.iterations, 2000);
  Fixture optimal(Chain({64, 32, 48}), OneUnboundedPool());
  EXPECT_EQ(optimal.Search(1, {}).iterations, 0);  // greedy by size is already optimal
}

TEST(PlacementSearch, DoesNothingWithoutIterationsOrBudget) {
  Fixture fixture(Chain({80, 16, 64, 80}), OneUnboundedPool());
  const SearchOutcome no_iterations = fixture.Search(1, {0, kDefaultSearchWorkBudget});
  EXPECT_EQ(no_iterations.iterations, 0);
  EXPECT_EQ(no_iterations.total_bytes, 160u);
  EXPECT_EQ(no_iterations.order, GreedyBySizeOrder(fixture.buffers));
  const SearchOutcome no_budget = fixture.Search(1, {2000, 0});
  EXPECT_EQ(no_budget.iterations, 0);
  EXPECT_EQ(no_budget.total_bytes, 160u);
}

TEST(PlacementSearch, HonoursTheIterationLimitAndNeverGetsWorse) {
  std::mt19937_64 random(4);
  for (int instance = 0; instance < 50; ++instance) {
    Fixture fixture(RandomBuffers(random, 40, 8), OneUnboundedPool());
    fixture.placer.Place(GreedyBySizeOrder(fixture.buffers));
    const size_t greedy_bytes = fixture.placer.TotalBytes();
    const SearchOutcome outcome = fixture.Search(instance, {25, kDefaultSearchWorkBudget});
    EXPECT_LE(outcome.iterations, 25);
    EXPECT_LE(outcome.total_bytes, greedy_bytes);
    EXPECT_GE(outcome.total_bytes, fixture.lower_bound_bytes);
    EXPECT_EQ(outcome.total_bytes, fixture.placer.TotalBytes());
  }
}

TEST(PlacementSearch, StopsWhenTheWorkBudgetIsSpent) {
  std::mt19937_64 random(6);
  Fixture fixture(RandomBuffers(random, 2000, 40), OneUnboundedPool());
  fixture.placer.Place(GreedyBySizeOrder(fixture.buffers));
  const uint64_t work_before = fixture.placer.work();
  const SearchOutcome outcome = fixture.Search(1, {1'000'000, 100'000});
  ASSERT_GT(outcome.total_bytes, fixture.lower_bound_bytes);  // it did not stop for that
  EXPECT_LT(outcome.iterations, 1'000'000);
  // One full placement, then moves until the budget ran out (the last one may overshoot).
  EXPECT_LT(fixture.placer.work() - work_before, 2 * work_before + 200'000);

  Fixture unbounded(fixture.buffers, OneUnboundedPool());
  EXPECT_GT(unbounded.Search(1, {1'000'000, 10'000'000}).iterations, outcome.iterations);
}

TEST(PlacementSearch, IsDeterministicForASeed) {
  std::mt19937_64 random(8);
  const auto buffers = RandomBuffers(random, 80, 10);
  Fixture first(buffers, OneUnboundedPool());
  Fixture second(buffers, OneUnboundedPool());
  EXPECT_EQ(first.Search(42, {}).order, second.Search(42, {}).order);
}

}  // namespace
}  // namespace arenastore::planner
