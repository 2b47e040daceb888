#include "tools/over_input_summary.h"

#include <vector>

#include <fmt/core.h>

#include "kernels/registry.h"
#include "planner/artifact_reader.h"
#include "planner/buffer_lifetimes.h"
#include "planner/lower_bound.h"
#include "runtime/op_params_builder.h"

namespace arenastore::cli {

nlohmann::json OverInputJson(size_t ops, size_t tensor_bound_bytes, size_t planned_bytes) {
  return {{"ops", ops},
          {"tensor_bound_bytes", tensor_bound_bytes},
          {"saved_bytes",
           planned_bytes < tensor_bound_bytes ? tensor_bound_bytes - planned_bytes : size_t{0}}};
}

std::string InPlaceText(const nlohmann::json& over_input, size_t planned_bytes) {
  const size_t bound = over_input["tensor_bound_bytes"].get<size_t>();
  return fmt::format(
      "{} op(s) write over their input: {} B planned against the tensor-level bound {} B "
      "({:.3f}x)",
      over_input["ops"].get<size_t>(), planned_bytes, bound,
      bound > 0 ? static_cast<double>(planned_bytes) / static_cast<double>(bound) : 1.0);
}

nlohmann::json OverInputJson(const runtime::ArtifactView& view) {
  auto graph = planner::ReadGraph(view);
  if (!graph.ok()) return {{"error", graph.status().message()}};
  const auto isa = static_cast<kernels::Isa>(view.artifact().target_isa());
  std::vector<size_t> whole_scratch;
  size_t ops = 0;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    if (view.op(i).form() == schema::ExecForm::WHOLE) {
      whole_scratch.push_back(view.PlannedScratchBytes(i));
      continue;
    }
    ++ops;
    kernels::OpParams params;
    const Status built = runtime::BuildOpParams(view, i, &params);
    if (!built.ok()) return {{"error", built.message()}};
    params.form = kernels::ExecForm::kWhole;
    whole_scratch.push_back(kernels::ScratchBytes(params, isa));
  }
  const size_t bound =
      planner::LargestLiveSet(
          planner::AssignBuffers(*graph, whole_scratch, planner::PinnedPools{}).buffers)
          .bytes;
  const schema::PlanSummary* plan = view.artifact().plan();
  return OverInputJson(ops, bound, plan != nullptr ? plan->planned_bytes() : 0);
}

}  // namespace arenastore::cli
