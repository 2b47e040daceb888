#include "planner/memory_plan.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "planner/plan_validator.h"
#include "tests/planner/plan_test_util.h"
#include "tools/bench/synthetic_buffers.h"

namespace arenastore::planner {
namespace {

MemoryPlan PlanOrDie(const std::vector<BufferRequest>& buffers, const std::vector<PoolSpec>& pools,
                     const PlanOptions& options) {
  Result<MemoryPlan> plan = PlanMemory(buffers, pools, options);
  EXPECT_TRUE(plan.ok()) << plan.status().message();
  if (!plan.ok()) return MemoryPlan{};
  EXPECT_TRUE(ValidatePlan(buffers, pools, *plan).ok());
  return std::move(plan).value();
}

TEST(PlanMemory, ChainOfThreeNeedsItsLargestAdjacentPair) {
  const auto buffers = Chain({64, 32, 48});
  for (PlacementAlgorithm algorithm : kEveryAlgorithm) {
    const MemoryPlan plan = PlanOrDie(buffers, OneUnboundedPool(), With(algorithm));
    EXPECT_EQ(plan.pool_bytes, std::vector<size_t>{96}) << PlacementAlgorithmName(algorithm);
    EXPECT_EQ(plan.lower_bound_bytes, 96u);
    EXPECT_EQ(plan.peak_step, 1);
  }
  const MemoryPlan plan = PlanOrDie(buffers, OneUnboundedPool(), {});
  EXPECT_EQ(PlacementOf(plan, 0).offset, 0u);
  EXPECT_EQ(PlacementOf(plan, 1).offset, 64u);
  EXPECT_EQ(PlacementOf(plan, 2).offset, 0u);  // reuses the bytes of t0, dead by step 2
  EXPECT_EQ(plan.algorithm, "greedy_by_size");
}

TEST(PlanMemory, DiamondKeepsTheInputAliveBesideBothBranches) {
  // op 0 -> a; op 1: a -> b; op 2: a -> c; op 3: b + c -> d.
  const std::vector<BufferRequest> buffers = {Buffer("a", 32, 0, 2), Buffer("b", 64, 1, 3),
                                              Buffer("c", 48, 2, 3), Buffer("d", 16, 3, 3)};
  const MemoryPlan plan = PlanOrDie(buffers, OneUnboundedPool(), {});
  EXPECT_EQ(plan.lower_bound_bytes, 144u);
  EXPECT_EQ(plan.peak_step, 2);
  EXPECT_EQ(plan.pool_bytes, std::vector<size_t>{144});
  EXPECT_EQ(PlacementOf(plan, 1).offset, 0u);
  EXPECT_EQ(PlacementOf(plan, 2).offset, 64u);
  EXPECT_EQ(PlacementOf(plan, 0).offset, 112u);
  EXPECT_EQ(PlacementOf(plan, 3).offset, 112u);
}

TEST(PlanMemory, SearchFixesAChainWhereBothGreedyOrdersWasteBytes) {
  const auto buffers = Chain({80, 16, 64, 80});
  const auto pools = OneUnboundedPool();
  EXPECT_EQ(PlanOrDie(buffers, pools, With(PlacementAlgorithm::kGreedyBySize)).pool_bytes[0], 160u);
  EXPECT_EQ(PlanOrDie(buffers, pools, With(PlacementAlgorithm::kGreedyByConflicts)).pool_bytes[0],
            160u);
  const MemoryPlan searched = PlanOrDie(buffers, pools, With(PlacementAlgorithm::kSearch));
  EXPECT_EQ(searched.pool_bytes[0], 144u);
  EXPECT_EQ(searched.lower_bound_bytes, 144u);
  EXPECT_EQ(searched.algorithm, "search");
  const MemoryPlan automatic = PlanOrDie(buffers, pools, {});
  EXPECT_EQ(automatic.pool_bytes[0], 144u);
  EXPECT_EQ(automatic.algorithm, "search");
}

TEST(PlanMemory, AutoPrefersTheSimplerAlgorithmOnTies) {
  const MemoryPlan plan = PlanOrDie(Chain({64, 32, 48}), OneUnboundedPool(), {});
  EXPECT_EQ(plan.algorithm, "greedy_by_size");
  const MemoryPlan searched =
      PlanOrDie(Chain({64, 32, 48}), OneUnboundedPool(), With(PlacementAlgorithm::kSearch));
  EXPECT_EQ(searched.algorithm, "search");
}

TEST(PlanMemory, SpillsToTheNextPoolWhenTheFirstIsFull) {
  const std::vector<PoolSpec> pools = {{"sram", 128, 16}, {"dram", 0, 16}};
  const MemoryPlan plan = PlanOrDie(Chain({96, 64, 32}), pools, {});
  EXPECT_EQ(plan.algorithm, "greedy_by_size");
  EXPECT_EQ(plan.placements[0].pool, 0);
  EXPECT_EQ(plan.placements[0].offset, 0u);
  EXPECT_EQ(plan.placements[1].pool, 1);  // at 96 it would end at 160 > 128
  EXPECT_EQ(plan.placements[1].offset, 0u);
  EXPECT_EQ(plan.placements[2].pool, 0);  // t0 is dead by step 2
  EXPECT_EQ(plan.placements[2].offset, 0u);
  EXPECT_EQ(plan.pool_bytes, (std::vector<size_t>{96, 64}));
  EXPECT_EQ(plan.lower_bound_bytes, 160u);
}

TEST(PlanMemory, HonoursPinnedPoolsEvenWhenAnEarlierPoolHasRoom) {
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}, {"io", 0, 16}};
  const std::vector<BufferRequest> buffers = {
      Buffer("input", 64, 0, 0, 16, 1), Buffer("t", 32, 0, 1), Buffer("output", 64, 1, 1, 16, 1)};
  const MemoryPlan plan = PlanOrDie(buffers, pools, {});
  EXPECT_EQ(plan.placements[0].pool, 1);
  EXPECT_EQ(plan.placements[1].pool, 0);
  EXPECT_EQ(plan.placements[2].pool, 1);
  EXPECT_EQ(plan.placements[2].offset, 0u);  // input is dead by step 1
  EXPECT_EQ(plan.pool_bytes, (std::vector<size_t>{32, 64}));
}

TEST(PlanMemory, FailsWithTheBufferThePoolAndThePeakWhenNothingFits) {
  const std::vector<PoolSpec> pools = {{"sram", 8192, 16}};
  const std::vector<BufferRequest> buffers = {Buffer("big1", 4096, 0, 2),
                                              Buffer("big2", 4096, 2, 4), Buffer("x", 1024, 2, 2)};
  for (PlacementAlgorithm algorithm : kEveryAlgorithm) {
    Result<MemoryPlan> plan = PlanMemory(buffers, pools, With(algorithm));
    ASSERT_FALSE(plan.ok());
    EXPECT_EQ(plan.status().code(), ErrorCode::kPlanDoesNotFit);
    EXPECT_STREQ(plan.status().message(),
                 "plan does not fit: buffer 'x' (1024 B) would end at 9216 B in pool 'sram' "
                 "(capacity 8192 B, 1024 B short); peak live set is step 2: 9216 B in 3 buffers");
    EXPECT_EQ(plan.status().pool_index(), 0);
  }
}

TEST(PlanMemory, DoesNotFitNamesTheLastPoolTried) {
  const std::vector<PoolSpec> pools = {{"sram", 4096, 16}, {"dtcm", 2048, 16}};
  const std::vector<BufferRequest> buffers = {Buffer("a", 4096, 0, 1), Buffer("b", 2048, 0, 1),
                                              Buffer("c", 1024, 0, 1)};
  Result<MemoryPlan> plan = PlanMemory(buffers, pools, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_STREQ(plan.status().message(),
               "plan does not fit: buffer 'c' (1024 B) would end at 3072 B in pool 'dtcm' "
               "(capacity 2048 B, 1024 B short); peak live set is step 0: 7168 B in 3 buffers");
  EXPECT_EQ(plan.status().pool_index(), 1);
}

TEST(PlanMemory, CapacityCountsThePoolAlignmentPadding) {
  // 100 B end at 100, but a 64-aligned pool plans 128 B: a capacity of 100 cannot hold it.
  const std::vector<PoolSpec> pools = {{"sram", 100, 64}};
  Result<MemoryPlan> plan = PlanMemory(std::vector{Buffer("a", 100, 0, 0)}, pools, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_STREQ(plan.status().message(),
               "plan does not fit: buffer 'a' (100 B) would end at 128 B in pool 'sram' "
               "(capacity 100 B, 28 B short); peak live set is step 0: 112 B in 1 buffers");
}

TEST(PlanMemory, ReservesEachBufferRoundedUpToItsAlignment) {
  const std::vector<BufferRequest> buffers = {Buffer("a", 10, 0, 0), Buffer("b", 10, 0, 0),
                                              Buffer("c", 10, 0, 0, 1)};
  const MemoryPlan plan = PlanOrDie(buffers, OneUnboundedPool(), {});
  EXPECT_EQ(plan.placements[0].offset, 0u);
  EXPECT_EQ(plan.placements[1].offset, 16u);
  EXPECT_EQ(plan.placements[2].offset, 32u);
  EXPECT_EQ(plan.pool_bytes[0], 48u);  // 42 B end, rounded up to the pool's 16
  EXPECT_EQ(plan.lower_bound_bytes, 42u);
}

TEST(PlanMemory, AlignsOffsetsToTheBufferAlignment) {
  const std::vector<PoolSpec> pools = {{"sram", 0, 64}};
  const std::vector<BufferRequest> buffers = {Buffer("a", 80, 0, 1), Buffer("b", 64, 0, 1, 64)};
  const MemoryPlan plan = PlanOrDie(buffers, pools, With(PlacementAlgorithm::kGreedyBySize));
  EXPECT_EQ(plan.placements[0].offset, 0u);
  EXPECT_EQ(plan.placements[1].offset, 128u);
  EXPECT_EQ(plan.pool_bytes[0], 192u);
}

TEST(PlanMemory, SkipsPoolsWhoseAlignmentIsLooserThanTheBuffer) {
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}, {"dtcm", 0, 64}};
  const MemoryPlan plan = PlanOrDie(std::vector{Buffer("a", 64, 0, 0, 64)}, pools, {});
  EXPECT_EQ(plan.placements[0].pool, 1);
  EXPECT_EQ(plan.pool_bytes, (std::vector<size_t>{0, 64}));
}

TEST(PlanMemory, PlansNothingToZeroBytes) {
  const MemoryPlan plan = PlanOrDie({}, OneUnboundedPool(), {});
  EXPECT_TRUE(plan.placements.empty());
  EXPECT_EQ(plan.pool_bytes, std::vector<size_t>{0});
  EXPECT_EQ(plan.lower_bound_bytes, 0u);
  EXPECT_EQ(plan.peak_step, -1);
}

void ExpectInvalid(const std::vector<BufferRequest>& buffers, const std::vector<PoolSpec>& pools,
                   const char* message) {
  Result<MemoryPlan> plan = PlanMemory(buffers, pools, {});
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.status().code(), ErrorCode::kInvalidArgument);
  EXPECT_STREQ(plan.status().message(), message);
}

TEST(PlanMemory, RejectsMalformedRequests) {
  const auto pool = OneUnboundedPool();
  ExpectInvalid({Buffer("a", 0, 0, 0)}, pool, "buffer 0 'a': 0 bytes is not in [1, 2^40]");
  ExpectInvalid({Buffer("a", 16, 3, 2)}, pool,
                "buffer 0 'a': steps [3, 2] are not an ordered range of non-negative steps");
  ExpectInvalid({Buffer("a", 16, -1, 2)}, pool,
                "buffer 0 'a': steps [-1, 2] are not an ordered range of non-negative steps");
  ExpectInvalid({Buffer("a", 16, 0, 0, 24)}, pool,
                "buffer 0 'a': alignment 24 is not a power of two");
  ExpectInvalid({Buffer("a", 16, 0, 0, 16, 1)}, pool,
                "buffer 0 'a': pinned to pool 1 but there are 1 pools");
  ExpectInvalid({Buffer("a", 16, 0, 0, 32, 0)}, pool,
                "buffer 0 'a': alignment 32 is stricter than pinned pool 'sram' alignment 16");
  ExpectInvalid({Buffer("a", 16, 0, 0, 32)}, pool,
                "buffer 0 'a': alignment 32 is stricter than every pool's");
  ExpectInvalid({Buffer("a", 16, 0, 0)}, {}, "no pool to place 1 buffers in");
  ExpectInvalid({Buffer("a", 16, 0, 0)}, {{"odd", 0, 12}},
                "pool 'odd': alignment 12 is not a power of two");
}

TEST(PlanMemory, IsDeterministicForASeed) {
  std::mt19937_64 random(7);
  const auto buffers = RandomBuffers(random, 200, 12);
  const MemoryPlan first =
      PlanOrDie(buffers, OneUnboundedPool(), With(PlacementAlgorithm::kSearch));
  const MemoryPlan second =
      PlanOrDie(buffers, OneUnboundedPool(), With(PlacementAlgorithm::kSearch));
  ASSERT_EQ(first.placements.size(), second.placements.size());
  for (size_t i = 0; i < first.placements.size(); ++i) {
    EXPECT_EQ(first.placements[i].pool, second.placements[i].pool);
    EXPECT_EQ(first.placements[i].offset, second.placements[i].offset);
  }
}

// Property: on random instances every algorithm's plan is valid and no smaller than the bound.
TEST(PlanMemory, EveryAlgorithmPlansRandomInstancesValidlyAboveTheLowerBound) {
  std::mt19937_64 random(1);
  for (int instance = 0; instance < 150; ++instance) {
    const auto buffers =
        RandomBuffers(random, 1 + static_cast<int32_t>(random() % 80), 1 + random() % 10);
    for (PlacementAlgorithm algorithm : kEveryAlgorithm) {
      PlanOptions options = With(algorithm);
      options.seed = instance;
      options.search_iterations = 100;  // validity, not quality, is the point here
      const MemoryPlan plan = PlanOrDie(buffers, OneUnboundedPool(), options);
      EXPECT_GE(TotalBytes(plan), plan.lower_bound_bytes);
    }
  }
}

TEST(PlanMemory, BoundedPoolsEitherFitValidlyOrSayTheyDoNot) {
  std::mt19937_64 random(2);
  int refused = 0;
  for (int instance = 0; instance < 150; ++instance) {
    auto buffers = RandomBuffers(random, 1 + static_cast<int32_t>(random() % 60), 6);
    const std::vector<PoolSpec> pools = {
        {"dtcm", 1024 + random() % 8192, 64}, {"sram", 1024 + random() % 16384, 64}, {"io", 0, 64}};
    // Odd instances pin some buffers to the small pools, which may then overflow; even ones
    // always fit since the unbounded io pool takes whatever the others cannot.
    const bool pin = instance % 2 == 1;
    for (BufferRequest& buffer : buffers) {
      if (pin && random() % 4 == 0) buffer.pinned_pool = static_cast<int32_t>(random() % 2);
    }
    for (PlacementAlgorithm algorithm : kEveryAlgorithm) {
      PlanOptions options = With(algorithm);
      options.search_iterations = 100;
      Result<MemoryPlan> plan = PlanMemory(buffers, pools, options);
      if (!plan.ok()) {
        ++refused;
        EXPECT_TRUE(pin) << plan.status().message();
        EXPECT_EQ(plan.status().code(), ErrorCode::kPlanDoesNotFit) << plan.status().message();
        continue;
      }
      EXPECT_TRUE(ValidatePlan(buffers, pools, *plan).ok());
      EXPECT_GE(TotalBytes(*plan), plan->lower_bound_bytes);
    }
  }
  EXPECT_GT(refused, 0);  // the pinned instances do exercise the failure path
}

TEST(PlanMemory, SearchReachesTheLowerBoundOnRandomChains) {
  std::mt19937_64 random(3);
  for (int instance = 0; instance < 100; ++instance) {
    std::vector<size_t> sizes(2 + random() % 30);
    for (size_t& size : sizes) size = 16 * (1 + random() % 64);
    const auto buffers = Chain(sizes);
    const MemoryPlan plan =
        PlanOrDie(buffers, OneUnboundedPool(), With(PlacementAlgorithm::kSearch));
    EXPECT_EQ(plan.pool_bytes[0], plan.lower_bound_bytes) << "instance " << instance;
  }
}

TEST(PlanMemory, PlansTheTenThousandOpSyntheticGraphAtTheLowerBound) {
  const auto buffers = cli::SyntheticBuffers(10'000);
  const MemoryPlan plan = PlanOrDie(buffers, OneUnboundedPool(), {});
  EXPECT_EQ(plan.pool_bytes[0], plan.lower_bound_bytes);
}

TEST(PlacementAlgorithmName, RoundTripsThroughParse) {
  for (PlacementAlgorithm algorithm :
       {PlacementAlgorithm::kAuto, PlacementAlgorithm::kGreedyBySize,
        PlacementAlgorithm::kGreedyByConflicts, PlacementAlgorithm::kSearch}) {
    PlacementAlgorithm parsed = PlacementAlgorithm::kAuto;
    ASSERT_TRUE(ParsePlacementAlgorithm(PlacementAlgorithmName(algorithm), &parsed));
    EXPECT_EQ(parsed, algorithm);
  }
  PlacementAlgorithm untouched = PlacementAlgorithm::kSearch;
  EXPECT_FALSE(ParsePlacementAlgorithm("greedy", &untouched));
  EXPECT_EQ(untouched, PlacementAlgorithm::kSearch);
}

}  // namespace
}  // namespace arenastore::planner
