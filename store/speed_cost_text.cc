#include "store/speed_cost_text.h"

#include "planner/compile.h"
#include "store/audit_report.h"

namespace arenastore::store {

SpeedCost SpeedCostOf(const planner::CompiledModel& model) {
  return {static_cast<int64_t>(model.stages.size()), model.ExtraMacs(), model.model_macs,
          model.reference_kernel_forms, model.own_slower_kernel_forms};
}

namespace {

// "row stages (recomputing 0.41% of its MACs)"; "" without stages.
std::string RowStagesText(const SpeedCost& cost) {
  if (cost.stages == 0) return "";
  // Stages that recompute nothing still run strip by strip: named, never read as a plain plan.
  const std::string recomputed = cost.extra_macs == 0
                                     ? std::string("none")
                                     : RecomputedShareText(cost.extra_macs, cost.model_macs);
  return "row stages (recomputing " + recomputed + " of its MACs)";
}

// "3 ops on <kernels>s", "1 op on <kernels>"; "" for none.
std::string OpsOnText(int64_t ops, const char* kernels) {
  if (ops == 0) return "";
  return std::to_string(ops) + (ops == 1 ? " op on " : " ops on ") + kernels + (ops == 1 ? "" : "s");
}

}  // namespace

std::string SlowerKernelsText(int64_t own_slower_ops, int64_t reference_ops) {
  const std::string own = OpsOnText(own_slower_ops, "the target's own slower kernel");
  const std::string borrowed = OpsOnText(reference_ops, "ref's slower kernel");
  if (own.empty() || borrowed.empty()) return own + borrowed;
  return own + " and " + borrowed;
}

std::string WithSpeedCostText(const SpeedCost& cost) {
  const std::string stages = RowStagesText(cost);
  const std::string borrowed =
      SlowerKernelsText(cost.own_slower_kernel_ops, cost.reference_kernel_ops);
  if (stages.empty() && borrowed.empty()) return "";
  if (stages.empty() || borrowed.empty()) return " with " + stages + borrowed;
  return " with " + stages + " and " + borrowed;
}

}  // namespace arenastore::store
