#include "tools/compile_model.h"

#include <algorithm>
#include <filesystem>
#include <map>

#include "planner/examples/examples.h"
#include "planner/import/tflite_importer.h"
#include "store/names.h"
#include "store/pool_text.h"
#include "store/sha256.h"
#include "tools/artifact_description.h"
#include "tools/isa_option.h"
#include "tools/over_input_summary.h"
#include "tools/peak_live_set.h"

namespace arenastore::cli {
namespace {

struct CompileInput {
  planner::Graph graph;
  std::string source_sha256;
  std::string source_name;
};

Result<CompileInput> LoadGraph(const CompileRequest& request) {
  CompileInput input;
  if (!request.example.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(input.graph, planner::BuildExample(request.example));
    return input;
  }
  input.source_sha256 = store::Sha256Hex(request.model_bytes.span());
  input.source_name = std::filesystem::path(request.model_path).filename().string();
  // The model is named after its file, without the extension: kws_ref_model.tflite ->
  // kws_ref_model.
  auto graph =
      planner::ImportTflite(request.model_bytes.span(), store::ModelNameOf(input.source_name));
  if (!graph.ok()) {
    Status status = graph.status();
    return status.WithContext("import %s", request.model_path.c_str());
  }
  input.graph = std::move(graph.value());
  return input;
}

Result<planner::CompileOptions> PlannerOptions(const CompileRequest& request,
                                               const CompileInput& input) {
  planner::CompileOptions planner_options;
  ARENASTORE_ASSIGN_OR_RETURN(planner_options.target_isa,
                              ParseIsaOption("--target", request.target));
  ARENASTORE_ASSIGN_OR_RETURN(planner_options.pools, store::ParsePoolOptions(request.pools));
  if (!planner::ParsePlacementAlgorithm(request.algorithm, &planner_options.placement.algorithm)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "unknown algorithm '%s'; use auto, greedy_by_size, greedy_by_conflicts "
                         "or search",
                         request.algorithm.c_str());
  }
  planner_options.reorder = request.reorder;
  planner_options.over_input = !request.whole_tensors;
  planner_options.max_recompute_percent = request.max_recompute_percent;
  planner_options.source_model_sha256 = input.source_sha256;
  planner_options.source_model_name = input.source_name;
  return planner_options;
}

}  // namespace

Result<CompiledArtifact> CompileModel(const CompileRequest& request) {
  ARENASTORE_ASSIGN_OR_RETURN(CompileInput input, LoadGraph(request));
  ARENASTORE_ASSIGN_OR_RETURN(const planner::CompileOptions planner_options,
                              PlannerOptions(request, input));
  auto model = planner::Compile(input.graph, planner_options);
  if (!model.ok()) {
    Status status = model.status();
    return status.WithContext("compile %s", input.graph.name.c_str());
  }
  CompiledArtifact compiled;
  compiled.graph = std::move(input.graph);
  compiled.target_isa = planner_options.target_isa;
  compiled.model = std::move(model.value());
  compiled.sha256 = store::Sha256Hex(compiled.model.artifact);
  return compiled;
}

namespace {

// The device RAM as `inspect` reports it, read from the artifact just written (the planner has
// already proved these bytes open, over the same buffer).
nlohmann::json CompiledDeviceRam(const std::vector<uint8_t>& artifact) {
  const Result<runtime::ArtifactView> view = runtime::ArtifactView::Create(artifact);
  return view.ok() ? DeviceRamJson(view.value()) : nlohmann::json();
}

// The below-the-bound summary as `inspect` reports it, from the artifact just written.
nlohmann::json CompiledOverInput(const std::vector<uint8_t>& artifact) {
  const Result<runtime::ArtifactView> view = runtime::ArtifactView::Create(artifact);
  return view.ok() ? OverInputJson(view.value()) : nlohmann::json();
}

}  // namespace

nlohmann::json CompileSummaryJson(const CompiledArtifact& compiled, const std::string& output_path,
                                  bool reorder) {
  const planner::Graph& graph = compiled.graph;
  const planner::CompiledModel& model = compiled.model;
  std::map<std::string, int> op_counts;
  for (const planner::Op& op : graph.ops) ++op_counts[kernels::OpKindName(op.kind)];
  nlohmann::json pools = nlohmann::json::array();
  for (size_t i = 0; i < model.pools.size(); ++i) {
    pools.push_back({{"name", model.pools[i].name},
                     {"planned_bytes", model.plan.pool_bytes[i]},
                     {"capacity_bytes", model.pools[i].capacity_bytes}});
  }
  const PeakLiveSet live = LiveSetAt(model.assignment.buffers, model.plan.peak_step);
  nlohmann::json live_buffers = nlohmann::json::array();
  for (int32_t buffer : live.buffers) {
    live_buffers.push_back({{"name", model.assignment.buffers[buffer].name},
                            {"bytes", model.assignment.buffers[buffer].bytes}});
  }
  return {
      {"output", output_path},
      {"artifact_bytes", model.artifact.size()},
      {"sha256", compiled.sha256},
      {"model", graph.name},
      {"target_isa", kernels::IsaName(compiled.target_isa)},
      {"operators", op_counts},
      {"operator_count", graph.ops.size()},
      {"weights_bytes", model.weights_bytes},
      {"pools", pools},
      {"planned_bytes", model.PlannedBytes()},
      {"lower_bound_bytes", model.plan.lower_bound_bytes},
      {"algorithm", model.plan.algorithm},
      {"peak", {{"step", model.plan.peak_step}, {"bytes", live.bytes}, {"buffers", live_buffers}}},
      {"device_ram", CompiledDeviceRam(model.artifact)},
      {"over_input", CompiledOverInput(model.artifact)},
      {"reorder",
       {{"enabled", reorder},
        {"peak_before_bytes", model.peak_before_reorder_bytes},
        {"peak_after_bytes", model.peak_after_reorder_bytes}}}};
}

}  // namespace arenastore::cli
