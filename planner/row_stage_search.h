// Row-stage search: the stage (a chain of ops, how many of them, how many rows a strip) that
// makes a compiled plan smallest while its recomputed halo rows cost at most a budget of the
// model's MACs (`compile --max-recompute PERCENT`). Called by the compile pipeline after the
// execution forms are chosen; the stage's ops then run whole params strip by strip, so their own
// forms give way. Candidates are ranked by their live-set bound and the best few placed for
// real, each with the forms that pay beside it; a stage is taken only when its placed plan is
// smaller than the plan without it.
// Host-only, heap OK, deterministic.
#pragma once

#include <span>
#include <vector>

#include "base/result.h"
#include "planner/buffer_lifetimes.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/memory_plan.h"
#include "planner/row_stages.h"

namespace arenastore::planner {

struct StageSearchInput {
  const Graph* graph;
  const std::vector<LoweredOp>* lowered;
  kernels::Isa isa;
  // Per op, every form that applies (planner/exec_forms.h TakeForms: a form that does not pay
  // without a stage may pay beside one), those forms' scratch, and the whole forms'. Each round
  // weighs its candidates with the forms that pay beside the stages chosen so far
  // (KeepPayingForms): the forms that do not pay can tie a tensor to a larger dead one and hide
  // what a stage saves.
  const std::vector<kernels::ExecForm>* taken_forms;
  const std::vector<size_t>* form_scratch;
  const std::vector<size_t>* whole_scratch;
  bool io_pool = false;
  PinnedPools pinned;
  std::span<const PoolSpec> pools;
  PlanOptions placement;
  double max_recompute_percent = 0;  // of GraphMacs; 0 admits only stages that recompute nothing
  // The plan to beat: the stage-free plan's bytes (its forms pruned to those that pay); SIZE_MAX
  // when it does not fit the pools.
  size_t baseline_bytes = SIZE_MAX;
};

// The stages chosen, in op order, with the forms that pay beside them (KeepPayingForms) and those
// forms' scratch, as the winning plan was placed; no stages when no chain strips or none makes the
// plan smaller than the baseline (the forms are then empty).
struct StageChoice {
  std::vector<PlannedStage> stages;
  std::vector<kernels::ExecForm> forms;
  std::vector<size_t> scratch_bytes;
};
StageChoice ChooseRowStages(const StageSearchInput& input);

}  // namespace arenastore::planner
