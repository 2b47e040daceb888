#include "planner/lower_bound.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

TEST(LargestLiveSet, IsZeroWithoutBuffers) {
  const LiveSetPeak peak = LargestLiveSet({});
  EXPECT_EQ(peak.bytes, 0u);
  EXPECT_EQ(peak.step, -1);
  EXPECT_TRUE(peak.buffers.empty());
}

TEST(LargestLiveSet, FindsTheLargestAdjacentPairOfAChain) {
  const LiveSetPeak peak = LargestLiveSet(Chain({64, 32, 48, 80, 16}));
  EXPECT_EQ(peak.bytes, 128u);
  EXPECT_EQ(peak.step, 3);
  EXPECT_EQ(peak.buffers, (std::vector<int32_t>{2, 3}));
}

TEST(LargestLiveSet, ReportsTheEarliestStepOnTies) {
  const LiveSetPeak peak = LargestLiveSet(Chain({32, 32, 32, 32}));
  EXPECT_EQ(peak.bytes, 64u);
  EXPECT_EQ(peak.step, 1);
  EXPECT_EQ(peak.buffers, (std::vector<int32_t>{0, 1}));
}

TEST(LargestLiveSet, CountsSizesRoundedUpToTheirAlignment) {
  const std::vector<BufferRequest> buffers = {Buffer("a", 10, 0, 0), Buffer("b", 10, 0, 0, 4),
                                              Buffer("c", 1, 0, 0, 1)};
  EXPECT_EQ(LargestLiveSet(buffers).bytes, 16u + 12u + 1u);
}

TEST(LargestLiveSet, BuffersEndingAtAStepDoNotMeetThoseStartingAfterIt) {
  const std::vector<BufferRequest> buffers = {Buffer("a", 64, 0, 2), Buffer("b", 64, 3, 5),
                                              Buffer("c", 16, 2, 3)};
  const LiveSetPeak peak = LargestLiveSet(buffers);
  EXPECT_EQ(peak.bytes, 80u);
  EXPECT_EQ(peak.step, 2);
  EXPECT_EQ(peak.buffers, (std::vector<int32_t>{0, 2}));
}

TEST(LargestLiveSet, MatchesAStepByStepCountOnRandomInstances) {
  std::mt19937_64 random(11);
  for (int instance = 0; instance < 200; ++instance) {
    const auto buffers =
        RandomBuffers(random, 1 + static_cast<int32_t>(random() % 50), 1 + random() % 8);
    int32_t last_step = 0;
    for (const BufferRequest& buffer : buffers) last_step = std::max(last_step, buffer.last_step);
    size_t expected = 0;
    int32_t expected_step = -1;
    for (int32_t step = 0; step <= last_step; ++step) {
      size_t live = 0;
      for (const BufferRequest& buffer : buffers) {
        if (buffer.first_step <= step && step <= buffer.last_step) live += ReservedBytes(buffer);
      }
      if (live > expected) {
        expected = live;
        expected_step = step;
      }
    }
    const LiveSetPeak peak = LargestLiveSet(buffers);
    EXPECT_EQ(peak.bytes, expected);
    EXPECT_EQ(peak.step, expected_step);
    size_t listed = 0;
    for (int32_t buffer : peak.buffers) listed += ReservedBytes(buffers[buffer]);
    EXPECT_EQ(listed, expected);
  }
}

}  // namespace
}  // namespace arenastore::planner
