#include "planner/plan_text.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/planner/plan_test_util.h"

namespace arenastore::planner {
namespace {

TEST(FormatPlanTable, ListsBuffersByPoolAndOffsetThenSummarizesEachPool) {
  std::vector<BufferRequest> buffers = {
      Buffer("tensor 0 input", 64, 0, 0, 16, 1), Buffer("tensor 1 conv/out", 64, 0, 2),
      Buffer("tensor 2 add/out", 48, 2, 3), Buffer("tensor 3 output", 16, 3, 3, 16, 1),
      Buffer("scratch of op 1 (conv2d)", 100, 1, 1)};
  buffers[4].is_scratch = true;
  const std::vector<PoolSpec> pools = {{"sram", 4096, 16}, {"io", 0, 16}};
  Result<MemoryPlan> plan = PlanMemory(buffers, pools, {});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(
      FormatPlanTable(buffers, pools, *plan),
      "buffer                    pool      offset       bytes  steps        kind\n"
      "tensor 2 add/out          sram           0          48  2-3          tensor\n"
      "scratch of op 1 (conv2d)  sram           0         100  1            scratch\n"
      "tensor 1 conv/out         sram         112          64  0-2          tensor\n"
      "tensor 0 input            io             0          64  0            tensor\n"
      "tensor 3 output           io             0          16  3            tensor\n"
      "pool 'sram': planned 176 B of 4096 B, lower bound 176 B (ratio 1.000x), 3 buffers, peak "
      "at step 1\n"
      "pool 'io': planned 64 B (unbounded), lower bound 64 B (ratio 1.000x), 2 buffers, peak at "
      "step 0\n"
      "total: planned 240 B, lower bound 176 B at step 1 (ratio 1.364x), algorithm "
      "greedy_by_size\n");
}

TEST(FormatPlanTable, ShowsNoRatioForAnEmptyPool) {
  const std::vector<PoolSpec> pools = {{"sram", 0, 16}};
  Result<MemoryPlan> plan = PlanMemory({}, pools, {});
  ASSERT_TRUE(plan.ok());
  EXPECT_EQ(FormatPlanTable({}, pools, *plan),
            "buffer  pool      offset       bytes  steps        kind\n"
            "pool 'sram': planned 0 B (unbounded), lower bound 0 B (ratio -), 0 buffers, peak at "
            "step -1\n"
            "total: planned 0 B, lower bound 0 B at step -1 (ratio -), algorithm greedy_by_size\n");
}

}  // namespace
}  // namespace arenastore::planner
