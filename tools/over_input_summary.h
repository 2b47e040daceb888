// The over-input summary `compile` and `inspect` show (and their --json), as JSON and text: how
// many operators write over their dying input, the tensor-level bound and the bytes the plan
// saves against it (planner/in_place_summary.h computes them from an artifact). Host-only.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/artifact_view.h"

namespace arenastore::cli {

// {"ops", "tensor_bound_bytes", "saved_bytes"}.
nlohmann::json OverInputJson(size_t ops, size_t tensor_bound_bytes, size_t planned_bytes);

// From an artifact (planner::SummarizeInPlace); {"error": ...} when its graph cannot be read back.
nlohmann::json OverInputJson(const runtime::ArtifactView& view);

// "8 op(s) write over their input: 8496 B planned against the tensor-level bound 16000 B
// (0.531x)", from an OverInputJson.
std::string InPlaceText(const nlohmann::json& over_input, size_t planned_bytes);

}  // namespace arenastore::cli
