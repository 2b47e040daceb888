// The below-the-bound summary `compile`, `inspect` and the plan picture show (and their --json):
// how many operators write over their dying input, the row stages and the MACs their strips
// compute again, the tensor-level bound and the bytes the plan saves against it
// (planner/in_place_summary.h computes them from an artifact). Host-only.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/in_place_summary.h"
#include "runtime/artifact_view.h"

namespace arenastore::cli {

// {"ops", "tensor_bound_bytes", "saved_bytes", "row_stages": [{"first_op", "op_count",
// "strip_rows", "extra_macs"}], "extra_macs", "model_macs"}.
nlohmann::json OverInputJson(const planner::InPlaceSummary& summary);

// From an artifact (planner::SummarizeInPlace); {"error": ...} when its graph cannot be read back.
nlohmann::json OverInputJson(const runtime::ArtifactView& view);

// Whether an OverInputJson has anything below the bound to say.
bool PlansBelowBound(const nlohmann::json& over_input);

// "8 op(s) write over their input, 1 row stage (ops 5-8, strips of 4 rows) recomputes 1.2% of
// the model's MACs: 8496 B planned against the tensor-level bound 16000 B (0.531x)", from an
// OverInputJson.
std::string InPlaceText(const nlohmann::json& over_input, size_t planned_bytes);

}  // namespace arenastore::cli
