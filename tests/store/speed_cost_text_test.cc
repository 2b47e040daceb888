// The words every re-plan text uses for what it pays in speed: a plan with stages says so, with
// the share of its MACs they compute again, even when that share is nothing; a plan running ops
// on slower kernels, the target's own or ref's borrowed, counts them; a plan that pays nothing
// adds nothing. The audit's
// reason, `arenastore replan` and audit --fix's moves read them.
#include <gtest/gtest.h>

#include "store/speed_cost_text.h"

namespace arenastore::store {
namespace {

TEST(WithSpeedCostText, GivesTheShareOfItsMacsTheStagesRecompute) {
  EXPECT_EQ(WithSpeedCostText({3, 41, 10000}), " with row stages (recomputing 0.41% of its MACs)");
}

TEST(WithSpeedCostText, NamesStagesThatRecomputeNothing) {
  EXPECT_EQ(WithSpeedCostText({1, 0, 10000}), " with row stages (recomputing none of its MACs)")
      << "a staged plan must not read as a plain one";
}

TEST(WithSpeedCostText, CountsTheOpsOnRefsBorrowedKernels) {
  EXPECT_EQ(WithSpeedCostText({0, 0, 10000, 3}), " with 3 ops on ref's slower kernels");
  EXPECT_EQ(WithSpeedCostText({0, 0, 10000, 1}), " with 1 op on ref's slower kernel");
}

TEST(WithSpeedCostText, CountsTheOpsOnTheTargetsOwnSlowerKernels) {
  EXPECT_EQ(WithSpeedCostText({0, 0, 10000, 0, 8}), " with 8 ops on the target's own slower kernels");
  EXPECT_EQ(WithSpeedCostText({0, 0, 10000, 2, 1}),
            " with 1 op on the target's own slower kernel and 2 ops on ref's slower kernels");
}

TEST(WithSpeedCostText, JoinsStagesAndBorrowedKernels) {
  EXPECT_EQ(WithSpeedCostText({2, 41, 10000, 1}),
            " with row stages (recomputing 0.41% of its MACs) and 1 op on ref's slower kernel");
}

TEST(WithSpeedCostText, IsEmptyForAPlanThatPaysNothing) {
  EXPECT_EQ(WithSpeedCostText({0, 0, 10000, 0}), "");
}

}  // namespace
}  // namespace arenastore::store
