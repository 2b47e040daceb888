// `arenastore compile`: a built-in example or a .tflite model -> a planned .arena artifact,
// with a one-screen summary (operators by kind, weights, pools, lower bound, peak live set).
#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "planner/examples/examples.h"
#include "tools/aligned_bytes.h"
#include "tools/artifact_description.h"
#include "tools/compile_model.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/output_file.h"
#include "tools/over_input_summary.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

struct CompileOptions {
  std::string example;
  std::string model_path;
  std::string output_path;
  std::string target = "ref";
  std::vector<std::string> pools;
  std::string algorithm = "auto";
  bool reorder = false;
  bool whole_tensors = false;
  std::optional<double> max_recompute_percent;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

// `out` is stderr when the artifact itself goes to stdout (`-o -`).
void PrintSummary(std::FILE* out, const nlohmann::json& s) {
  fmt::print(out, "compiled {} -> {} ({} B, sha256 {})\n", s["model"].get<std::string>(),
             s["output"].get<std::string>(), s["artifact_bytes"].get<size_t>(),
             s["sha256"].get<std::string>().substr(0, 16));
  std::string ops;
  for (const auto& [kind, count] : s["operators"].items()) {
    ops += fmt::format("{}{} {}", ops.empty() ? "" : ", ", kind, count.get<int>());
  }
  fmt::print(out, "operators  {} ({})\n", s["operator_count"].get<size_t>(), ops);
  fmt::print(out, "weights    {} B\n", s["weights_bytes"].get<size_t>());
  for (const auto& pool : s["pools"]) {
    const size_t capacity = pool["capacity_bytes"].get<size_t>();
    fmt::print(out, "pool       {:<8} {} B planned, capacity {}\n", pool["name"].get<std::string>(),
               pool["planned_bytes"].get<size_t>(),
               capacity == 0 ? std::string("unbounded") : fmt::format("{} B", capacity));
  }
  const double planned = static_cast<double>(s["planned_bytes"].get<size_t>());
  const double bound = static_cast<double>(s["lower_bound_bytes"].get<size_t>());
  fmt::print(out, "plan       {} B by {}, lower bound {} B ({:.3f}x)\n",
             s["planned_bytes"].get<size_t>(), s["algorithm"].get<std::string>(),
             s["lower_bound_bytes"].get<size_t>(), bound > 0 ? planned / bound : 1.0);
  const auto& in_place = s["over_input"];
  if (PlansBelowBound(in_place)) {
    fmt::print(out, "in place   {}\n", InPlaceText(in_place, s["planned_bytes"].get<size_t>()));
  }

  const auto& reorder = s["reorder"];
  if (reorder["enabled"].get<bool>()) {
    const size_t before = reorder["peak_before_bytes"].get<size_t>();
    const size_t after = reorder["peak_after_bytes"].get<size_t>();
    fmt::print(out, "reorder    peak live bytes {} B -> {} B ({})\n", before, after,
               after < before ? fmt::format("saved {} B", before - after)
                              : std::string("the given order is already best"));
  }
  const auto& peak = s["peak"];
  fmt::print(out, "peak       step {}: {} B live in {} buffers\n", peak["step"].get<int>(),
             peak["bytes"].get<size_t>(), peak["buffers"].size());
  for (const auto& buffer : peak["buffers"]) {
    fmt::print(out, "             {:>8} B  {}\n", buffer["bytes"].get<size_t>(),
               buffer["name"].get<std::string>());
  }
  if (!s["device_ram"].is_null()) fmt::print(out, "{}\n", DeviceRamLine(s["device_ram"]));
  fmt::print(out,
             "next: arenastore inspect {0} | arenastore check {0} | arenastore run {0} "
             "--random-input 1 --output out.bin\n",
             s["output"].get<std::string>());
}

Status RunCompile(const CompileOptions& options) {
  if (options.example.empty() == options.model_path.empty()) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "give either --example NAME or a MODEL.tflite path (not both)");
  }
  CompileRequest request;
  request.example = options.example;
  if (!options.model_path.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(request.model_bytes, ReadFileAligned(options.model_path));
    request.model_path = options.model_path;
  }
  request.target = options.target;
  request.pools = options.pools;
  request.algorithm = options.algorithm;
  request.reorder = options.reorder;
  request.whole_tensors = options.whole_tensors;
  request.max_recompute_percent = options.max_recompute_percent;
  ARENASTORE_ASSIGN_OR_RETURN(const CompiledArtifact compiled, CompileModel(request));
  ARENASTORE_RETURN_IF_ERROR(
      WriteOutput(options.output_path, compiled.model.artifact, StreamableOutput(*options.json)));
  const nlohmann::json summary = CompileSummaryJson(compiled, options.output_path, options.reorder);
  if (*options.json) {
    EmitJson(summary);
  } else {
    PrintSummary(IsStdout(options.output_path) ? stderr : stdout, summary);
  }
  return Status::Ok();
}

// Every built-in example's name, from the example table, so help cannot fall behind it.
std::string ExampleNames() {
  std::string names;
  for (const planner::ExampleInfo& example : planner::Examples()) {
    names.append(names.empty() ? "" : ", ").append(example.name);
  }
  return names;
}

// An unknown example is a usage error (exit 2), naming the ones there are.
CLI::Validator KnownExample() {
  return CLI::Validator(
      [](const std::string& name) -> std::string {
        for (const planner::ExampleInfo& example : planner::Examples()) {
          if (name == example.name) return "";
        }
        return "no built-in example '" + name + "'; the examples are " + ExampleNames();
      },
      "EXAMPLE");
}

}  // namespace

Verb SetupCompile(CLI::App& app) {
  auto options = std::make_shared<CompileOptions>();
  CLI::App* command = app.add_subcommand(
      "compile",
      "Compile a built-in example or a .tflite int8 model into a planned .arena artifact");
  command->add_option("--example", options->example, "Built-in example: " + ExampleNames())
      ->check(KnownExample());
  command->add_option("model", options->model_path, "Path to an int8 .tflite model");
  command->add_option("-o,--output", options->output_path, "Output artifact path (.arena)")
      ->required();
  command->add_option("--target", options->target,
                      "Kernel ISA variant to plan scratch for: ref, arm_dsp, arm_mve, x86_avx2, "
                      "x86_avx512vnni, or native (the best this machine runs)");
  command->add_option("--pool", options->pools,
                      "Memory pool NAME:SIZE or NAME=SIZE (K, KiB, M, MiB), with :io for the "
                      "graph inputs and outputs; repeatable, in preference order (e.g. --pool "
                      "dtcm:64K --pool sram:256K)");
  command->add_option("--algorithm", options->algorithm,
                      "Placement: auto, greedy_by_size, greedy_by_conflicts, search");
  command->add_flag("--reorder", options->reorder,
                    "Reorder operators (where branches allow) to lower peak memory");
  command->add_flag("--whole-tensors", options->whole_tensors,
                    "Give every tensor bytes of its own (no operator writes its output over its "
                    "dying input): the tensor-level bound TensorFlow Lite Micro's arena reaches");
  AddMaxRecomputeOption(command, &options->max_recompute_percent,
                        "Run a chain of early operators strip by strip so their large tensors "
                        "never exist whole, recomputing at most PERCENT of the model's MACs for "
                        "the strips' overlaps (0: only stages that recompute nothing); off by "
                        "default");
  command->add_flag("--json", *options->json, "Print the summary as JSON");
  command->footer("Example: arenastore compile --example ds-cnn -o kws.arena --pool sram:64K");
  return {command, [options] { return RunCompile(*options); }, options->json};
}

}  // namespace arenastore::cli
