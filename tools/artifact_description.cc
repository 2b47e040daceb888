#include "tools/artifact_description.h"

#include <fmt/core.h>

#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "runtime/device_ram.h"
#include "runtime/tensor_access.h"
#include "tools/over_input_summary.h"
#include "tools/peak_live_set.h"

namespace arenastore::cli {
namespace {

std::string VersionText(const schema::Version* version) {
  if (version == nullptr) return "?";
  return fmt::format("{}.{}.{}", version->major(), version->minor(), version->patch());
}

std::string Str(const flatbuffers::String* text) { return text == nullptr ? "" : text->str(); }

std::string ShapeText(const schema::Tensor* tensor) {
  std::string text = "[";
  if (tensor->shape() != nullptr) {
    for (size_t i = 0; i < tensor->shape()->size(); ++i) {
      text += fmt::format("{}{}", i == 0 ? "" : ",", tensor->shape()->Get(i));
    }
  }
  return text + "]";
}

// What a caller must feed and will read back: shape, type, bytes and quantization (one scale
// and zero point per tensor, or a list along quantized_axis).
nlohmann::json TensorJson(const schema::Artifact& a, int32_t position, int32_t tensor_index) {
  const schema::Tensor* tensor = a.tensors()->Get(tensor_index);
  nlohmann::json shape = nlohmann::json::array();
  if (tensor->shape() != nullptr) {
    for (int32_t dimension : *tensor->shape()) shape.push_back(dimension);
  }
  nlohmann::json entry = {{"index", position},
                          {"tensor", tensor_index},
                          {"name", Str(tensor->name())},
                          {"shape", shape},
                          {"type", runtime::DataTypeName(tensor->type())},
                          {"bytes", tensor->bytes()}};
  const schema::Quantization* q = tensor->quantization();
  if (q == nullptr || q->scale() == nullptr || q->scale()->size() == 0) return entry;
  nlohmann::json scales = nlohmann::json::array();
  for (float scale : *q->scale()) scales.push_back(scale);
  nlohmann::json zero_points = nlohmann::json::array();
  if (q->zero_point() != nullptr) {
    for (int64_t zero_point : *q->zero_point()) zero_points.push_back(zero_point);
  }
  const bool per_tensor = scales.size() == 1;
  entry["scale"] = per_tensor ? scales[0] : scales;
  entry["zero_point"] = per_tensor && zero_points.size() == 1 ? zero_points[0] : zero_points;
  if (!per_tensor) entry["quantized_axis"] = q->quantized_dimension();
  return entry;
}

nlohmann::json TensorsJson(const schema::Artifact& a, const flatbuffers::Vector<int32_t>* indices) {
  nlohmann::json tensors = nlohmann::json::array();
  if (indices == nullptr) return tensors;
  for (flatbuffers::uoffset_t i = 0; i < indices->size(); ++i) {
    tensors.push_back(TensorJson(a, static_cast<int32_t>(i), indices->Get(i)));
  }
  return tensors;
}

}  // namespace

nlohmann::json DeviceRamJson(const runtime::ArtifactView& view) {
  const auto isa = static_cast<kernels::Isa>(view.artifact().target_isa());
  const runtime::DeviceRam ram = runtime::DeviceRamOf(view, isa);
  nlohmann::json pools = nlohmann::json::array();
  for (int32_t i = 0; i < view.pool_count(); ++i) {
    pools.push_back({{"name", Str(view.pool(i).name())},
                     {"kind", runtime::PoolKindName(view.pool(i).kind())},
                     {"planned_bytes", view.pool(i).planned_bytes()}});
  }
  const char* isa_name = kernels::IsaName(isa);
  nlohmann::json json = {{"isa", isa_name == nullptr ? "unknown" : isa_name},
                         {"total_bytes", ram.total_bytes()},
                         {"pools", pools},
                         {"pools_bytes", ram.pools_bytes},
                         {"state_bytes", ram.state_bytes},
                         {"prepared_op_bytes", ram.prepared_op_bytes},
                         {"prepared_ops_bytes", ram.prepared_ops_bytes},
                         {"executor_bytes", ram.executor_bytes},
                         {"total_bytes_with_every_op", ram.total_bytes_with_every_op()}};
  if (ram.split_scratch_bytes > 0) json["split_scratch_bytes"] = ram.split_scratch_bytes;
  if (ram.stack_budget_bytes > 0) json["stack_budget_bytes"] = ram.stack_budget_bytes;
  return json;
}

std::string DeviceRamLine(const nlohmann::json& ram) {
  std::string line = fmt::format(
      "device RAM {} B for {}: pools {} B (state {} B) + prepared ops {} B ({} B each, the "
      "runtime built with the model's ops) + executor {} B",
      ram["total_bytes"].get<uint64_t>(), ram["isa"].get<std::string>(),
      ram["pools_bytes"].get<uint64_t>(), ram["state_bytes"].get<uint64_t>(),
      ram["prepared_ops_bytes"].get<uint64_t>(), ram["prepared_op_bytes"].get<uint64_t>(),
      ram["executor_bytes"].get<uint64_t>());
  if (ram.contains("split_scratch_bytes")) {
    line += fmt::format(" + split scratch {} B", ram["split_scratch_bytes"].get<uint64_t>());
  }
  const auto every_op = ram["total_bytes_with_every_op"].get<uint64_t>();
  if (every_op != ram["total_bytes"].get<uint64_t>()) {
    line += fmt::format(" ({} B with every op built)", every_op);
  }
  if (ram.contains("stack_budget_bytes")) {
    line += fmt::format("; stack budget {} B", ram["stack_budget_bytes"].get<uint64_t>());
  }
  return line;
}

nlohmann::json Describe(const LoadedArtifact& loaded, const runtime::ArtifactView& view) {
  const schema::Artifact& a = view.artifact();
  nlohmann::json pools = nlohmann::json::array();
  for (const schema::Pool* pool : *a.pools()) {
    pools.push_back({{"name", Str(pool->name())},
                     {"kind", runtime::PoolKindName(pool->kind())},
                     {"planned_bytes", pool->planned_bytes()},
                     {"capacity_bytes", pool->capacity_bytes()},
                     {"alignment", pool->alignment()}});
  }
  nlohmann::json operators = nlohmann::json::array();
  const auto* tensors = a.tensors();
  for (size_t i = 0; i < a.operators()->size(); ++i) {
    const schema::Operator* op = a.operators()->Get(i);
    const char* kind = kernels::OpKindName(static_cast<kernels::OpKind>(op->kind()));
    nlohmann::json entry = {{"index", i},
                            {"kind", kind == nullptr ? "unknown" : kind},
                            {"output_shape", ShapeText(tensors->Get(op->outputs()->Get(0)))},
                            {"scratch_bytes", 0}};
    // The execution form the plan gave it (kernels/exec_form.h): "whole" or "over-input".
    const char* form = kernels::ExecFormName(static_cast<kernels::ExecForm>(op->form()));
    entry["form"] = form == nullptr ? "unknown" : form;
    if (op->scratch() != nullptr && op->scratch()->size() > 0) {
      const schema::Scratch* scratch = op->scratch()->Get(0);
      entry["scratch_bytes"] = scratch->bytes();
      entry["scratch_pool"] = Str(a.pools()->Get(scratch->pool())->name());
      entry["scratch_offset"] = scratch->offset();
    }
    operators.push_back(entry);
  }
  const schema::PlanSummary* plan = a.plan();
  const uint64_t planned = plan != nullptr ? plan->planned_bytes() : 0;
  const uint64_t bound = plan != nullptr ? plan->lower_bound_bytes() : 0;
  const schema::Isa isa = a.target_isa();
  const char* isa_name = kernels::IsaName(static_cast<kernels::Isa>(isa));
  return {{"source", loaded.source},
          {"sha256", loaded.sha256},
          {"artifact_bytes", loaded.bytes.size()},
          {"model", Str(a.model_name())},
          {"format_version",
           fmt::format("{}.{}", a.format_version()->major(), a.format_version()->minor())},
          {"producer", Str(a.producer())},
          {"source_model",
           {{"name", Str(a.source_model_name())}, {"sha256", Str(a.source_model_sha256())}}},
          {"kernel_version", VersionText(a.kernel_version())},
          {"target",
           {{"isa", isa_name == nullptr ? "unknown" : isa_name}, {"cpu", Str(a.target_cpu())}}},
          {"tensor_count", tensors->size()},
          {"inputs", TensorsJson(a, a.inputs())},
          {"outputs", TensorsJson(a, a.outputs())},
          {"constants_bytes", a.constants() == nullptr ? 0 : a.constants()->size()},
          {"pools", pools},
          {"plan",
           {{"algorithm", plan != nullptr ? Str(plan->algorithm()) : ""},
            {"planned_bytes", planned},
            {"lower_bound_bytes", bound},
            {"planned_over_lower_bound",
             bound == 0 ? 1.0 : static_cast<double>(planned) / static_cast<double>(bound)},
            {"peak_step", plan != nullptr ? plan->peak_step() : -1},
            {"peak", PeakJson(view)},
            {"over_input", OverInputJson(view)}}},
          {"device_ram", DeviceRamJson(view)},
          {"operators", operators}};
}

}  // namespace arenastore::cli
