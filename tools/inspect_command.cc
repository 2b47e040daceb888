// `arenastore inspect`: what an artifact holds: header, pools, plan quality (planned bytes
// against the lower bound) and the per-operator scratch table; `--svg FILE` draws the plan.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "tools/artifact_description.h"
#include "tools/artifact_source.h"
#include "tools/json_document.h"
#include "tools/output_file.h"
#include "tools/over_input_summary.h"
#include "tools/plan_picture.h"
#include "tools/store_access.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

struct InspectOptions {
  std::string source;
  std::string db;   // for store references
  std::string svg;  // write the plan picture here
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

// "inputs     0: [1,49,10,1] int8, 490 B, scale 0.5, zero point -128".
void PrintTensors(std::FILE* out, const char* label, const nlohmann::json& tensors) {
  for (const auto& t : tensors) {
    std::string shape;
    for (const auto& dimension : t["shape"]) {
      shape += fmt::format("{}{}", shape.empty() ? "" : ",", dimension.get<int32_t>());
    }
    std::string quantization;
    if (t.contains("scale") && t["scale"].is_array()) {
      quantization = fmt::format(", {} scales along axis {}", t["scale"].size(),
                                 t["quantized_axis"].get<int32_t>());
    } else if (t.contains("scale")) {
      quantization = fmt::format(", scale {}, zero point {}", t["scale"].get<float>(),
                                 t["zero_point"].get<int64_t>());
    }
    fmt::print(out, "{:<10} {}: [{}] {}, {} B{}\n", t["index"].get<int32_t>() == 0 ? label : "",
               t["index"].get<int32_t>(), shape, t["type"].get<std::string>(),
               t["bytes"].get<uint64_t>(), quantization);
  }
}

// `out` is stderr when the plan picture goes to stdout (`--svg -`).
void PrintHuman(std::FILE* out, const nlohmann::json& d) {
  fmt::print(out, "artifact   {} ({} B)\n", d["source"].get<std::string>(),
             d["artifact_bytes"].get<size_t>());
  fmt::print(out, "sha256     {}\n", d["sha256"].get<std::string>());
  fmt::print(out, "model      {}\n", d["model"].get<std::string>());
  const auto& source = d["source_model"];
  if (!source["name"].get<std::string>().empty()) {
    fmt::print(out, "source     {} (sha256 {})\n", source["name"].get<std::string>(),
               source["sha256"].get<std::string>());
  }
  fmt::print(out, "format     {} by {}\n", d["format_version"].get<std::string>(),
             d["producer"].get<std::string>());
  fmt::print(out, "kernels    {} for {} ({})\n", d["kernel_version"].get<std::string>(),
             d["target"]["isa"].get<std::string>(), d["target"]["cpu"].get<std::string>());
  fmt::print(out, "tensors    {}, constants {} B\n", d["tensor_count"].get<size_t>(),
             d["constants_bytes"].get<size_t>());
  PrintTensors(out, "inputs", d["inputs"]);
  PrintTensors(out, "outputs", d["outputs"]);
  const auto& plan = d["plan"];
  fmt::print(out, "plan       {} B by {}, lower bound {} B ({:.3f}x), peak at step {}\n",
             plan["planned_bytes"].get<uint64_t>(), plan["algorithm"].get<std::string>(),
             plan["lower_bound_bytes"].get<uint64_t>(),
             plan["planned_over_lower_bound"].get<double>(), plan["peak_step"].get<int>());
  const auto& in_place = plan["over_input"];
  if (PlansBelowBound(in_place)) {
    fmt::print(out, "in place   {}\n", InPlaceText(in_place, plan["planned_bytes"].get<size_t>()));
  }
  // The buffers alive there, as compile lists them.
  if (plan["peak"].contains("buffers")) {
    fmt::print(out, "peak       step {}: {} B live in {} buffers\n",
               plan["peak"]["step"].get<int>(), plan["peak"]["bytes"].get<size_t>(),
               plan["peak"]["buffers"].size());
    for (const auto& buffer : plan["peak"]["buffers"]) {
      fmt::print(out, "             {:>8} B  {}\n", buffer["bytes"].get<size_t>(),
                 buffer["name"].get<std::string>());
    }
  }
  fmt::print(out, "{}\n", DeviceRamLine(d["device_ram"]));
  fmt::print(out, "\n{:<10} {:<10} {:>12} {:>12}\n", "pool", "kind", "planned B", "capacity B");
  for (const auto& pool : d["pools"]) {
    const uint64_t capacity = pool["capacity_bytes"].get<uint64_t>();
    fmt::print(out, "{:<10} {:<10} {:>12} {:>12}\n", pool["name"].get<std::string>(),
               pool["kind"].get<std::string>(), pool["planned_bytes"].get<uint64_t>(),
               capacity == 0 ? std::string("-") : std::to_string(capacity));
  }
  fmt::print(out, "\n{:>4} {:<18} {:<16} {:<10} {:>10} {:<8} {:>8}\n", "op", "kind", "output",
             "form", "scratch B", "pool", "offset");
  for (const auto& op : d["operators"]) {
    const bool has_scratch = op.contains("scratch_pool");
    fmt::print(out, "{:>4} {:<18} {:<16} {:<10} {:>10} {:<8} {:>8}\n", op["index"].get<int>(),
               op["kind"].get<std::string>(), op["output_shape"].get<std::string>(),
               op["form"].get<std::string>(), op["scratch_bytes"].get<uint64_t>(),
               has_scratch ? op["scratch_pool"].get<std::string>() : "-",
               has_scratch ? std::to_string(op["scratch_offset"].get<uint64_t>()) : "-");
  }
}

// The same picture code as every other plan drawing (tools/plan_picture.h).
Status WritePlanSvg(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                    const std::string& path, bool json) {
  ARENASTORE_ASSIGN_OR_RETURN(const std::string svg, PlanSvg(loaded, view));
  return WriteOutput(path, svg, StreamableOutput(json));
}

Status RunInspect(const InspectOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(LoadedArtifact loaded, LoadArtifact(options.source, options.db));
  ARENASTORE_ASSIGN_OR_RETURN(runtime::ArtifactView view, OpenView(loaded));
  nlohmann::json description = Describe(loaded, view);
  if (!options.svg.empty()) {
    ARENASTORE_RETURN_IF_ERROR(WritePlanSvg(loaded, view, options.svg, *options.json));
    description["svg"] = options.svg;
  }
  if (*options.json) {
    EmitJson(description);
  } else {
    PrintHuman(IsStdout(options.svg) ? stderr : stdout, description);
    if (!options.svg.empty() && !IsStdout(options.svg)) {
      fmt::print("\nplan picture written to {}\n", options.svg);
    }
  }
  return Status::Ok();
}

}  // namespace

Verb SetupInspect(CLI::App& app) {
  auto options = std::make_shared<InspectOptions>();
  CLI::App* command =
      app.add_subcommand("inspect",
                         "Show an artifact's header, inputs and outputs (shape, bytes, scale, zero "
                         "point), pools, plan and per-op scratch");
  command->add_option("artifact", options->source, kSourceHelp)->required();
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print as JSON");
  command->add_option("--svg", options->svg,
                      "Also draw the memory plan (buffers by step and offset, per pool) as SVG");
  command->footer("Example: arenastore inspect kws.arena --svg kws-plan.svg");
  return {command, [options] { return RunInspect(*options); }, options->json};
}

}  // namespace arenastore::cli
