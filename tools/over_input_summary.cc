#include "tools/over_input_summary.h"

#include <fmt/core.h>

#include "planner/in_place_summary.h"

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
  const auto summary = planner::SummarizeInPlace(view);
  if (!summary.ok()) return {{"error", summary.status().message()}};
  return OverInputJson(summary->over_input_ops, summary->tensor_bound_bytes,
                       summary->planned_bytes);
}

}  // namespace arenastore::cli
