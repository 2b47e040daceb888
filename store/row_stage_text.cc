#include "store/row_stage_text.h"

#include "planner/compile.h"
#include "store/audit_report.h"

namespace arenastore::store {

RowStageShare RowStageShareOf(const planner::CompiledModel& model) {
  return {static_cast<int64_t>(model.stages.size()), model.ExtraMacs(), model.model_macs};
}

std::string WithRowStagesText(const RowStageShare& share) {
  if (share.stages == 0) return "";
  // Stages that recompute nothing still run strip by strip: named, never read as a plain plan.
  const std::string recomputed = share.extra_macs == 0
                                     ? std::string("none")
                                     : RecomputedShareText(share.extra_macs, share.model_macs);
  return " with row stages (recomputing " + recomputed + " of its MACs)";
}

}  // namespace arenastore::store
