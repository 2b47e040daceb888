// The over-input summary `compile` and `inspect` show (and their --json): how many operators
// write over their dying input (kernels/exec_form.h), the tensor-level bound (the same schedule
// planned with whole tensors: the largest sum of whole tensors and whole-form scratch alive at
// one step) and the bytes the plan saves against it. Host-only.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/artifact_view.h"

namespace arenastore::cli {

// {"ops", "tensor_bound_bytes", "saved_bytes"}.
nlohmann::json OverInputJson(size_t ops, size_t tensor_bound_bytes, size_t planned_bytes);

// From an artifact: its operators' forms, and the bound recomputed from its graph, each
// over-input operator's scratch taken at its whole form's size on the artifact's target ISA;
// {"error": ...} when the graph cannot be read back.
nlohmann::json OverInputJson(const runtime::ArtifactView& view);

// "8 op(s) write over their input: 8496 B planned against the tensor-level bound 16000 B
// (0.531x)", from an OverInputJson.
std::string InPlaceText(const nlohmann::json& over_input, size_t planned_bytes);

}  // namespace arenastore::cli
