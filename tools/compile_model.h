// Compiling a model the way `arenastore compile` does: a built-in example or a .tflite model's
// bytes -> the planned artifact and its summary (operators, weights, pools, lower bound, peak
// live set). Called by the compile verb and the Python module (python/), so both plan alike and
// report the same numbers. Host-only, heap OK. Errors: kInvalidArgument (options), the
// importer's and planner's codes with the model named.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "kernels/cpu_features.h"
#include "planner/compile.h"
#include "planner/graph.h"
#include "tools/aligned_bytes.h"

namespace arenastore::cli {

struct CompileRequest {
  std::string example;       // a built-in example, or
  AlignedBytes model_bytes;  // a .tflite model's bytes,
  std::string model_path;    // named by this path: the file name names the model and the source
  std::string target = "ref";
  std::vector<std::string> pools;  // --pool texts, in preference order
  std::string algorithm = "auto";
  bool reorder = false;
  bool whole_tensors = false;  // --whole-tensors: no output written over its input
  // --max-recompute PERCENT: row stages recomputing at most this share of the MACs; unset: none.
  std::optional<double> max_recompute_percent;
};

struct CompiledArtifact {
  planner::Graph graph;
  kernels::Isa target_isa = kernels::Isa::kRef;
  planner::CompiledModel model;
  std::string sha256;  // of model.artifact
};

Result<CompiledArtifact> CompileModel(const CompileRequest& request);

// The summary `compile --json` prints; `output_path` is where the artifact was written.
nlohmann::json CompileSummaryJson(const CompiledArtifact& compiled, const std::string& output_path,
                                  bool reorder);

}  // namespace arenastore::cli
