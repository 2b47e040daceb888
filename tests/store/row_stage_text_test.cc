// The words every re-plan text uses for its row stages: a plan with stages says so, with the
// share of its MACs they compute again, even when that share is nothing; a plan without stages
// adds nothing. The audit's reason, `arenastore replan` and audit --fix's moves read them.
#include <gtest/gtest.h>

#include "store/row_stage_text.h"

namespace arenastore::store {
namespace {

TEST(WithRowStagesText, GivesTheShareOfItsMacsTheStagesRecompute) {
  EXPECT_EQ(WithRowStagesText({3, 41, 10000}), " with row stages (recomputing 0.41% of its MACs)");
}

TEST(WithRowStagesText, NamesStagesThatRecomputeNothing) {
  EXPECT_EQ(WithRowStagesText({1, 0, 10000}), " with row stages (recomputing none of its MACs)")
      << "a staged plan must not read as a plain one";
}

TEST(WithRowStagesText, IsEmptyWithoutStages) { EXPECT_EQ(WithRowStagesText({0, 0, 10000}), ""); }

}  // namespace
}  // namespace arenastore::store
