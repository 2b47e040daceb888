#include "planner/buffer_ties.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "planner/lower_bound.h"
#include "planner/memory_plan.h"
#include "planner/plan_validator.h"
#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

BufferRequest TiedTo(BufferRequest buffer, int32_t other, int64_t offset_bytes) {
  buffer.tied_to = other;
  buffer.tied_offset_bytes = offset_bytes;
  return buffer;
}

// op 0 -> in (64 B); op 1 writes out (128 B) over it, in at out's last 64 B; op 2 reads out.
// A third buffer of 64 B lives only at step 0, beside in.
std::vector<BufferRequest> WideningOverInput() {
  return {TiedTo(Buffer("in", 64, 0, 1), 1, 64), Buffer("out", 128, 1, 2),
          Buffer("side", 64, 0, 0)};
}

TEST(BufferTies, LowerBoundCountsATiedPairsSharedBytesOnce) {
  const auto buffers = WideningOverInput();
  const LiveSetPeak peak = LargestLiveSet(buffers);
  EXPECT_EQ(peak.bytes, 128u);  // 64 + 64 at step 0; 64 + 128 - 64 at step 1; 128 at step 2
  auto untied = buffers;
  untied[0].tied_to = -1;
  EXPECT_EQ(LargestLiveSet(untied).bytes, 192u);
}

TEST(BufferTies, EveryAlgorithmPlacesATiedPairAtItsOffsetAndReachesTheBound) {
  const auto buffers = WideningOverInput();
  for (PlacementAlgorithm algorithm : kEveryAlgorithm) {
    auto plan = PlanMemory(buffers, OneUnboundedPool(), With(algorithm));
    ASSERT_TRUE(plan.ok()) << plan.status().message();
    EXPECT_EQ(plan->pool_bytes, std::vector<size_t>{128}) << PlacementAlgorithmName(algorithm);
    EXPECT_EQ(plan->placements[0].offset, plan->placements[1].offset + 64);
    EXPECT_TRUE(ValidatePlan(buffers, OneUnboundedPool(), *plan).ok());
  }
}

TEST(BufferTies, ATieMayPointEitherWayAndSitBelowItsRoot) {
  // out tied to in at -64: the same unit as above, rooted at the input.
  std::vector<BufferRequest> buffers = {
      Buffer("in", 64, 0, 1), TiedTo(Buffer("out", 128, 1, 2), 0, -64), Buffer("side", 64, 0, 0)};
  auto plan = PlanMemory(buffers, OneUnboundedPool(), {});
  ASSERT_TRUE(plan.ok()) << plan.status().message();
  EXPECT_EQ(plan->pool_bytes, std::vector<size_t>{128});
  EXPECT_EQ(plan->placements[0].offset, plan->placements[1].offset + 64);
}

TEST(BufferTies, ValidatorRejectsATiedBufferPlacedAwayFromItsTie) {
  const auto buffers = WideningOverInput();
  auto plan = PlanMemory(buffers, OneUnboundedPool(), {});
  ASSERT_TRUE(plan.ok());
  MemoryPlan moved = *plan;
  moved.pool_bytes = {256};
  moved.placements[0].offset = 128;
  moved.placements[2].offset = 192;
  const Status status = ValidatePlan(buffers, OneUnboundedPool(), moved);
  EXPECT_EQ(status.code(), ErrorCode::kPlanInvalid);
  EXPECT_NE(std::string(status.message()).find("tied 64 B from 'out'"), std::string::npos)
      << status.message();
}

TEST(BufferTies, ValidatorRejectsAnUntiedBufferOnACoveredBuffersBytes) {
  // in is covered by out at step 1; side2, live at step 1, sits on in's bytes.
  std::vector<BufferRequest> buffers = {TiedTo(Buffer("in", 64, 0, 1), 1, 64),
                                        Buffer("out", 128, 1, 2), Buffer("side2", 64, 1, 1)};
  MemoryPlan plan{{{0, 64}, {0, 0}, {0, 64}}, {192}, "hand", 0, -1};
  const Status status = ValidatePlan(buffers, OneUnboundedPool(), plan);
  EXPECT_EQ(status.code(), ErrorCode::kPlanInvalid);
  EXPECT_NE(std::string(status.message()).find("overlap"), std::string::npos) << status.message();
}

TEST(BufferTies, ValidatorKeepsACoveredBufferAfterWhatCoveredItLeaves) {
  // inner (steps 0-3) is tied inside outer (steps 1-1); late (steps 2-3) lands on inner's bytes
  // once outer is gone: still an overlap.
  std::vector<BufferRequest> buffers = {TiedTo(Buffer("inner", 32, 0, 3), 1, 0),
                                        Buffer("outer", 64, 1, 1), Buffer("late", 32, 2, 3)};
  MemoryPlan plan{{{0, 0}, {0, 0}, {0, 0}}, {64}, "hand", 0, -1};
  const Status status = ValidatePlan(buffers, OneUnboundedPool(), plan);
  EXPECT_EQ(status.code(), ErrorCode::kPlanInvalid);
  EXPECT_NE(std::string(status.message()).find("'inner'"), std::string::npos) << status.message();
}

TEST(BufferTies, RejectsMalformedTies) {
  const auto pools = OneUnboundedPool();
  auto rejects = [&](std::vector<BufferRequest> buffers, const char* words) {
    const Status status = PlanMemory(buffers, pools, {}).status();
    EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument) << words;
    EXPECT_NE(std::string(status.message()).find(words), std::string::npos) << status.message();
  };
  rejects({TiedTo(Buffer("a", 64, 0, 1), 0, 0)}, "not another");
  rejects({TiedTo(Buffer("a", 64, 0, 1), 1, 8), Buffer("b", 128, 1, 2)}, "same pinned pool");
  rejects({TiedTo(Buffer("a", 64, 0, 1), 1, 96), Buffer("b", 128, 1, 2)}, "neither holds");
  rejects({TiedTo(Buffer("a", 64, 0, 1), 1, 0), TiedTo(Buffer("b", 64, 1, 2), 0, 0)}, "cycle");
  // a and c both tied into b, overlapping each other while both live.
  rejects({TiedTo(Buffer("a", 64, 0, 2), 1, 0), Buffer("b", 128, 1, 2),
           TiedTo(Buffer("c", 64, 0, 2), 1, 32)},
          "not tied to each other");
}

// Chains of operators that write over their input (narrowing and widening), random sizes, and
// untied buffers around them: every algorithm's plan validates and none beats the bound.
TEST(BufferTies, RandomOverInputChainsPlanValidAndAtOrAboveTheBound) {
  std::mt19937_64 random(7);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<BufferRequest> buffers;
    const int32_t steps = 4 + static_cast<int32_t>(random() % 12);
    int32_t previous = -1;
    for (int32_t step = 0; step < steps; ++step) {
      const size_t bytes = 16 * (1 + random() % 16);
      buffers.push_back(Buffer(Named("t", buffers.size()), bytes, step, step + 1));
      const auto current = static_cast<int32_t>(buffers.size() - 1);
      if (previous >= 0 && random() % 3 != 0) {
        const size_t in_bytes = buffers[previous].bytes;
        if (bytes >= in_bytes) {
          buffers[previous].tied_to = current;  // in at the end of the wider out
          buffers[previous].tied_offset_bytes = static_cast<int64_t>(bytes - in_bytes);
        } else {
          buffers[current].tied_to = previous;  // out at the first byte of the wider in
        }
      }
      previous = current;
      if (random() % 2 == 0) {
        const auto first = static_cast<int32_t>(random() % steps);
        buffers.push_back(Buffer(Named("s", buffers.size()), 16 * (1 + random() % 8), first,
                                 first + static_cast<int32_t>(random() % 3)));
      }
    }
    for (PlacementAlgorithm algorithm : kEveryAlgorithm) {
      auto plan = PlanMemory(buffers, OneUnboundedPool(), With(algorithm));
      ASSERT_TRUE(plan.ok()) << "trial " << trial << ": " << plan.status().message();
      EXPECT_GE(plan->pool_bytes[0], plan->lower_bound_bytes) << "trial " << trial;
    }
  }
}

}  // namespace
}  // namespace arenastore::planner
