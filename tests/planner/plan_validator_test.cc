#include "planner/plan_validator.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

// a lives over steps 0-1, b over 1-2, c at 2: a and b meet at step 1, b and c at step 2.
class PlanValidatorTest : public ::testing::Test {
 protected:
  std::vector<BufferRequest> buffers_ = {Buffer("a", 64, 0, 1), Buffer("b", 32, 1, 2),
                                         Buffer("c", 48, 2, 2)};
  std::vector<PoolSpec> pools_ = {{"sram", 256, 16}, {"io", 0, 16}};
  MemoryPlan plan_{{{0, 0}, {0, 64}, {0, 0}}, {96, 0}, "hand", 112, 1};

  void ExpectInvalid(const char* message, int32_t pool = -1) {
    const Status status = ValidatePlan(buffers_, pools_, plan_);
    EXPECT_EQ(status.code(), ErrorCode::kPlanInvalid);
    EXPECT_STREQ(status.message(), message);
    EXPECT_EQ(status.pool_index(), pool);
  }
};

TEST_F(PlanValidatorTest, AcceptsTouchingIntervalsAndReuseAcrossSteps) {
  // b starts where a ends; c reuses a's bytes once a is dead.
  EXPECT_TRUE(ValidatePlan(buffers_, pools_, plan_).ok());
}

TEST_F(PlanValidatorTest, RejectsAMissingPlacement) {
  plan_.placements.pop_back();
  ExpectInvalid("plan has 2 placements for 3 buffers");
}

TEST_F(PlanValidatorTest, RejectsAMissingPoolSize) {
  plan_.pool_bytes.pop_back();
  ExpectInvalid("plan has 1 planned pool sizes for 2 pools");
}

TEST_F(PlanValidatorTest, RejectsAnUnknownPool) {
  plan_.placements[1].pool = 2;
  ExpectInvalid("buffer 1 'b': pool 2 does not exist (2 pools)");
}

TEST_F(PlanValidatorTest, RejectsAPinnedBufferOutsideItsPool) {
  buffers_[2].pinned_pool = 1;
  ExpectInvalid("buffer 2 'c': pinned to pool 'io' but placed in pool 'sram'", 0);
}

TEST_F(PlanValidatorTest, RejectsAMisalignedOffset) {
  plan_.placements[1].offset = 72;
  plan_.pool_bytes[0] = 112;
  ExpectInvalid("buffer 1 'b': offset 72 in pool 'sram' is not a multiple of its alignment 16", 0);
}

TEST_F(PlanValidatorTest, RejectsABufferAlignedMoreStrictlyThanItsPool) {
  buffers_[1].alignment = 32;
  ExpectInvalid("buffer 1 'b': alignment 32 is stricter than pool 'sram' alignment 16", 0);
}

TEST_F(PlanValidatorTest, RejectsABufferEndingBeyondThePlannedPool) {
  plan_.pool_bytes[0] = 80;
  ExpectInvalid("buffer 1 'b': [64, +32 B) ends beyond pool 'sram' planned bytes 80", 0);
}

TEST_F(PlanValidatorTest, RejectsAnOffsetThatWouldWrapAround) {
  plan_.placements[1].offset = SIZE_MAX - 15;
  ExpectInvalid(
      "buffer 1 'b': [18446744073709551600, +32 B) ends beyond pool 'sram' planned bytes 96", 0);
}

TEST_F(PlanValidatorTest, RejectsPoolBytesThatAreNotAMultipleOfItsAlignment) {
  plan_.pool_bytes[0] = 100;
  ExpectInvalid("pool 'sram': planned bytes 100 are not a multiple of its alignment 16", 0);
}

TEST_F(PlanValidatorTest, RejectsPoolBytesBeyondItsCapacity) {
  plan_.pool_bytes[0] = 272;
  ExpectInvalid("pool 'sram': planned bytes 272 exceed its capacity 256", 0);
}

TEST_F(PlanValidatorTest, RejectsOverlapWithALowerNeighborNamingBothBuffersPoolAndStep) {
  plan_.placements[1].offset = 32;
  ExpectInvalid("buffers 0 'a' [0, 64) and 1 'b' [32, 64) overlap in pool 'sram' at step 1", 0);
}

TEST_F(PlanValidatorTest, RejectsOverlapWithAHigherNeighbor) {
  // c enters at step 2 below b and reaches into it.
  plan_.placements[2].offset = 48;
  ExpectInvalid("buffers 1 'b' [64, 96) and 2 'c' [48, 96) overlap in pool 'sram' at step 2", 0);
}

TEST_F(PlanValidatorTest, RejectsOverlapInASecondPool) {
  for (Placement& placement : plan_.placements) placement.pool = 1;
  plan_.placements[2].offset = 80;
  plan_.pool_bytes = {0, 128};
  ExpectInvalid("buffers 1 'b' [64, 96) and 2 'c' [80, 128) overlap in pool 'io' at step 2", 1);
}

TEST_F(PlanValidatorTest, AcceptsTheSameBytesInDifferentPools) {
  plan_.placements[1] = {1, 0};
  plan_.pool_bytes = {64, 32};
  EXPECT_TRUE(ValidatePlan(buffers_, pools_, plan_).ok());
}

TEST_F(PlanValidatorTest, RejectsMalformedRequestsAsInvalidArguments) {
  buffers_[0].alignment = 0;
  const Status status = ValidatePlan(buffers_, pools_, plan_);
  EXPECT_EQ(status.code(), ErrorCode::kInvalidArgument);
  EXPECT_STREQ(status.message(), "buffer 0 'a': alignment 0 is not a power of two");
}

// Property: on random plans (aligned random offsets in one roomy pool), the sweep finds an
// overlap exactly when a check of every pair does.
TEST(PlanValidator, AgreesWithAPairwiseCheckOnRandomPlans) {
  std::mt19937_64 random(10);
  const std::vector<PoolSpec> pools = {{"sram", 0, 64}};
  int rejected = 0;
  for (int instance = 0; instance < 400; ++instance) {
    const auto buffers =
        RandomBuffers(random, 1 + static_cast<int32_t>(random() % 12), 1 + random() % 4);
    MemoryPlan plan{{}, {1 << 20}, "random", 0, 0};
    for (const BufferRequest& buffer : buffers) {
      plan.placements.push_back({0, buffer.alignment * (random() % (16384 / buffer.alignment))});
    }
    bool overlap = false;
    for (size_t i = 0; i < buffers.size(); ++i) {
      for (size_t j = i + 1; j < buffers.size(); ++j) {
        const bool meet = buffers[i].first_step <= buffers[j].last_step &&
                          buffers[j].first_step <= buffers[i].last_step;
        const size_t begin_i = plan.placements[i].offset;
        const size_t begin_j = plan.placements[j].offset;
        const bool share =
            begin_i < begin_j + buffers[j].bytes && begin_j < begin_i + buffers[i].bytes;
        overlap = overlap || (meet && share);
      }
    }
    const Status status = ValidatePlan(buffers, pools, plan);
    EXPECT_EQ(status.ok(), !overlap) << status.message();
    if (!status.ok()) {
      EXPECT_EQ(status.code(), ErrorCode::kPlanInvalid);
    }
    rejected += !status.ok();
  }
  EXPECT_GT(rejected, 50);
  EXPECT_LT(rejected, 350);
}

}  // namespace
}  // namespace arenastore::planner
