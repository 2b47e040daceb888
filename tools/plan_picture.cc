#include "tools/plan_picture.h"

#include <fmt/core.h>

#include "kernels/op_kind.h"
#include "planner/artifact_reader.h"
#include "planner/plan_svg.h"
#include "tools/over_input_summary.h"

namespace arenastore::cli {

Result<std::string> PlanSvg(const LoadedArtifact& loaded, const runtime::ArtifactView& view) {
  auto plan = planner::ReadPlan(view);
  if (!plan.ok()) {
    Status status = plan.status();
    return status.WithContext("draw the plan of %s", loaded.source.c_str());
  }
  const auto* name = view.artifact().model_name();
  const char* isa = kernels::IsaName(static_cast<kernels::Isa>(view.artifact().target_isa()));
  std::string title = fmt::format("{} ({}, {}): memory plan", name ? name->str() : "model",
                                  loaded.sha256.substr(0, 12), isa ? isa : "unknown");
  // Operators written over their inputs: the saving against the tensor-level bound, on the chart.
  const nlohmann::json in_place = OverInputJson(view);
  if (PlansBelowBound(in_place)) {
    title += "; " + InPlaceText(in_place, plan->plan.PlannedBytes());
  }
  return planner::RenderPlanSvg(plan->buffers, plan->pools, plan->plan, title);
}

}  // namespace arenastore::cli
