// The words a re-plan's text uses for its row stages (planner/row_stage_search.h), written once
// so the audit's reason, `arenastore replan` and audit --fix's moves name them alike.
#pragma once

#include <cstdint>
#include <string>

namespace arenastore::planner {
struct CompiledModel;
}  // namespace arenastore::planner

namespace arenastore::store {

// A plan's row stages: how many, and what they cost in MACs computed again.
struct RowStageShare {
  int64_t stages = 0;
  uint64_t extra_macs = 0;  // planner/op_macs.h's units
  uint64_t model_macs = 0;  // the whole model's, computed once
};

RowStageShare RowStageShareOf(const planner::CompiledModel& model);

// " with row stages (recomputing 0.41% of its MACs)"; " with row stages (recomputing none of
// its MACs)" for stages whose strips need no halo rows; "" without stages.
std::string WithRowStagesText(const RowStageShare& share);

}  // namespace arenastore::store
