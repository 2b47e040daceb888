#include "tools/over_input_summary.h"

#include <fmt/core.h>

#include <vector>

#include "store/speed_cost_text.h"

namespace arenastore::cli {
namespace {

double Percent(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

std::string StagesText(const nlohmann::json& over_input) {
  const nlohmann::json& stages = over_input["row_stages"];
  std::vector<std::string> spans;
  for (const auto& stage : stages) {
    const int first = stage["first_op"].get<int>();
    spans.push_back(fmt::format("ops {}-{}, strips of {} row(s)", first,
                                first + stage["op_count"].get<int>() - 1,
                                stage["strip_rows"].get<int>()));
  }
  std::string joined;
  for (const std::string& span : spans) joined += (joined.empty() ? "" : "; ") + span;
  return fmt::format("{} row stage(s) ({}) recompute {:.1f}% of the model's MACs",
                     stages.size(), joined,
                     Percent(over_input["extra_macs"].get<uint64_t>(),
                             over_input["model_macs"].get<uint64_t>()));
}

}  // namespace

nlohmann::json OverInputJson(const planner::InPlaceSummary& summary) {
  nlohmann::json stages = nlohmann::json::array();
  for (const planner::InPlaceSummary::Stage& stage : summary.row_stages) {
    stages.push_back({{"first_op", stage.first_op},
                      {"op_count", stage.op_count},
                      {"strip_rows", stage.strip_rows},
                      {"extra_macs", stage.extra_macs}});
  }
  return {{"ops", summary.over_input_ops},
          {"own_slower_kernel_ops", summary.own_slower_kernel_ops},
          {"reference_kernel_ops", summary.reference_kernel_ops},
          {"tensor_bound_bytes", summary.tensor_bound_bytes},
          {"saved_bytes", summary.SavedBytes()},
          {"row_stages", stages},
          {"extra_macs", summary.extra_macs},
          {"model_macs", summary.model_macs}};
}

nlohmann::json OverInputJson(const runtime::ArtifactView& view) {
  const auto summary = planner::SummarizeInPlace(view);
  if (!summary.ok()) return {{"error", summary.status().message()}};
  return OverInputJson(summary.value());
}

bool PlansBelowBound(const nlohmann::json& over_input) {
  return !over_input.contains("error") &&
         (over_input["ops"].get<size_t>() > 0 || !over_input["row_stages"].empty());
}

std::string InPlaceText(const nlohmann::json& over_input, size_t planned_bytes) {
  std::string what;
  if (over_input["ops"].get<size_t>() > 0) {
    what = fmt::format("{} op(s) write over their input", over_input["ops"].get<size_t>());
  }
  if (const std::string slower = store::SlowerKernelsText(
          over_input["own_slower_kernel_ops"].get<int64_t>(),
          over_input["reference_kernel_ops"].get<int64_t>());
      !slower.empty()) {
    what += fmt::format(" ({}, to fit the pools)", slower);
  }
  if (!over_input["row_stages"].empty()) {
    what += (what.empty() ? "" : ", ") + StagesText(over_input);
  }
  const size_t bound = over_input["tensor_bound_bytes"].get<size_t>();
  return fmt::format(
      "{}: {} B planned against the tensor-level bound {} B ({:.3f}x)", what, planned_bytes, bound,
      bound > 0 ? static_cast<double>(planned_bytes) / static_cast<double>(bound) : 1.0);
}

}  // namespace arenastore::cli
