// What a plan pays in speed for the memory it saves, and the words every text uses for it,
// written once so `compile`, `inspect`, the audit's reason, `arenastore replan` and audit --fix's
// moves name it alike: its row stages (planner/row_stage_search.h) and the ops it runs on slower
// kernels to fit its pools, the target's own or ref's borrowed (planner/exec_forms.h).
#pragma once

#include <cstdint>
#include <string>

namespace arenastore::planner {
struct CompiledModel;
}  // namespace arenastore::planner

namespace arenastore::store {

struct SpeedCost {
  int64_t stages = 0;       // row stages
  uint64_t extra_macs = 0;  // what their strips compute again, in planner/op_macs.h's units
  uint64_t model_macs = 0;  // the whole model's, computed once
  // Ops on the kernel their variant borrows from ref (kernels::FormSpeed::kReference).
  int64_t reference_kernel_ops = 0;
  // Ops on a slower kernel of the target's own (kernels::FormSpeed::kOwnSlower).
  int64_t own_slower_kernel_ops = 0;
};

SpeedCost SpeedCostOf(const planner::CompiledModel& model);

// "8 ops on the target's own slower kernels", "1 op on ref's slower kernel", both joined by
// "and"; "" for none.
std::string SlowerKernelsText(int64_t own_slower_ops, int64_t reference_ops);

// " with row stages (recomputing 0.41% of its MACs)"; " with row stages (recomputing none of
// its MACs)" for stages whose strips need no halo rows; " with 3 ops on ref's slower kernels";
// both joined by "and"; "" for a plan that pays nothing.
std::string WithSpeedCostText(const SpeedCost& cost);

}  // namespace arenastore::store
