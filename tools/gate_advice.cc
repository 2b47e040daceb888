#include "tools/gate_advice.h"

#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "planner/examples/examples.h"
#include "planner/replan.h"
#include "runtime/gate.h"
#include "tools/aligned_bytes.h"
#include "tools/registry_format.h"

namespace arenastore::cli {
namespace {

// "8 KiB" when exact, else "8,200 B": as people write pool sizes.
std::string SizeText(uint64_t bytes) {
  if (bytes > 0 && bytes % (1024 * 1024) == 0) return fmt::format("{} MiB", bytes >> 20);
  if (bytes > 0 && bytes % 1024 == 0) return fmt::format("{} KiB", bytes >> 10);
  return GroupedBytes(bytes);
}

// `--pool` flags that reproduce the pools a re-plan used (the default unbounded sram needs none).
std::string PoolFlags(const std::vector<planner::PoolConfig>& pools) {
  std::string flags;
  for (const planner::PoolConfig& pool : pools) {
    if (pool.capacity_bytes == 0) continue;
    const uint64_t bytes = pool.capacity_bytes;
    const std::string size = bytes % (1024 * 1024) == 0 ? fmt::format("{}M", bytes >> 20)
                             : bytes % 1024 == 0        ? fmt::format("{}K", bytes >> 10)
                                                        : std::to_string(bytes);
    flags += fmt::format(" --pool {}:{}{}", pool.name, size,
                         pool.kind == planner::PoolKind::kIo      ? ":io"
                         : pool.kind == planner::PoolKind::kState ? ":state"
                                                                  : "");
  }
  return flags;
}

// What a file was compiled from: its source model where it can be found (the artifact records
// the model's file name; it is looked for beside the artifact, then here), else its built-in
// example, else the recorded name as it is.
std::string CompileSource(const LoadedArtifact& loaded, const runtime::ArtifactView& view) {
  const auto* source = view.artifact().source_model_name();
  if (source != nullptr && source->size() > 0) {
    const std::filesystem::path recorded = source->str();
    const std::filesystem::path beside =
        std::filesystem::path(loaded.source).parent_path() / recorded.filename();
    std::error_code error;
    if (std::filesystem::is_regular_file(beside, error)) return beside.string();
    return recorded.string();
  }
  const auto* model = view.artifact().model_name();
  if (model != nullptr && planner::BuildExample(model->str()).ok()) {
    return "--example " + model->str();
  }
  return "MODEL.tflite";
}

// A new file beside the artifact (kws.arena -> kws.ref.arena): the advice never overwrites the
// artifact it judged, which the user may still need (to push, or to compare).
std::string ReplannedPath(const std::string& artifact, const std::string& isa) {
  const std::filesystem::path path(artifact);
  std::filesystem::path replanned = path.parent_path() / (path.stem().string() + "." + isa);
  replanned += path.extension().empty() ? std::filesystem::path(".arena") : path.extension();
  if (replanned == path)
    replanned = path.parent_path() / (path.stem().string() + ".replanned.arena");
  return replanned.string();
}

std::string NextCommand(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                        const std::string& isa, const std::string& pool_flags) {
  if (loaded.from_store) {
    return fmt::format("arenastore replan {} --target {}{}", loaded.reference, isa, pool_flags);
  }
  return fmt::format("arenastore compile {} --target {}{} -o {}", CompileSource(loaded, view), isa,
                     pool_flags, ReplannedPath(loaded.source, isa));
}

// Advice must cure what it claims: the re-planned artifact goes through the same gate (runtime,
// policy, device pools). Returns why it would still be rejected, or nothing when it passes.
std::optional<std::string> StillRejected(const std::vector<uint8_t>& replanned_bytes,
                                         const runtime::RuntimeIdentity& identity,
                                         runtime::GatePolicy policy,
                                         const std::vector<planner::PoolConfig>& capacities) {
  AlignedBytes bytes(replanned_bytes.size());
  std::copy(replanned_bytes.begin(), replanned_bytes.end(), bytes.data());
  auto view = runtime::ArtifactView::Create(bytes.span());
  if (!view.ok())
    return fmt::format("the re-planned artifact is invalid: {}", view.status().message());
  std::vector<runtime::PoolCapacity> pools;
  for (const planner::PoolConfig& pool : capacities) {
    pools.push_back({pool.name.c_str(), pool.capacity_bytes});
  }
  const size_t op_count = static_cast<size_t>(view->operator_count());
  std::vector<runtime::Finding> findings(2 * op_count + pools.size() + 8);
  std::vector<kernels::Isa> variant_per_op(op_count);
  const runtime::GateReport report =
      runtime::EvaluateGate(*view, identity, policy, pools, findings, variant_per_op);
  if (report.verdict != runtime::Verdict::kReject) return std::nullopt;
  for (int32_t i = 0; i < report.findings_stored; ++i) {
    if (!findings[static_cast<size_t>(i)].rejects) continue;
    char text[256];
    runtime::FormatFinding(findings[static_cast<size_t>(i)], text, sizeof(text));
    return std::string(text);
  }
  return std::string("the gate rejects it");
}

// Why no plan fits: the capacities against the lower bound of a plan for this runtime (a plan
// in unbounded pools says what it is), or the planner's own words when the bound would fit.
std::string NoFitText(const runtime::ArtifactView& view, planner::ReplanOptions options,
                      const std::vector<planner::PoolConfig>& capacities, const Status& status) {
  if (status.code() != ErrorCode::kPlanDoesNotFit || capacities.empty()) {
    return fmt::format("no re-plan fits: {}", status.message());
  }
  options.pools.clear();
  auto unbounded = planner::ReplanArtifact(view, options);
  uint64_t capacity = 0;
  for (const planner::PoolConfig& pool : capacities) capacity += pool.capacity_bytes;
  if (!unbounded.ok() || capacity >= unbounded->model.plan.lower_bound_bytes) {
    return fmt::format("no re-plan fits these pools: {}", status.message());
  }
  const std::string given = capacities.size() == 1
                                ? "the pool is " + SizeText(capacity)
                                : "the pools hold " + SizeText(capacity) + " in all";
  return fmt::format("no re-plan can fit: {}, the plan's lower bound for {} is {}", given,
                     kernels::IsaName(*options.target_isa),
                     GroupedBytes(unbounded->model.plan.lower_bound_bytes));
}

}  // namespace

GateAdvice AdviseReplan(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                        const runtime::RuntimeIdentity& identity, runtime::GatePolicy policy,
                        const std::vector<planner::PoolConfig>& capacities) {
  GateAdvice advice;
  advice.target_isa = kernels::IsaName(identity.isa);
  planner::ReplanOptions options;
  options.target_isa = identity.isa;
  options.pools = capacities;
  options.add_missing_pools = false;  // capacities bound the artifact's pools, never add some
  auto replanned = planner::ReplanArtifact(view, options);
  const std::string pool_flags =
      PoolFlags(replanned.ok() ? replanned->options.pools : planner::ReplanPools(view, options));
  advice.command = NextCommand(loaded, view, advice.target_isa, pool_flags);
  if (!replanned.ok()) {
    advice.no_fit = NoFitText(view, options, capacities, replanned.status());
    return advice;
  }
  if (const auto still = StillRejected(replanned->model.artifact, identity, policy, capacities)) {
    advice.no_fit = fmt::format("no re-plan cures it: a re-plan for {} is rejected too ({})",
                                advice.target_isa, *still);
    return advice;
  }
  advice.replan_fits = true;
  advice.pools = replanned->diff.pools;
  for (const planner::PoolBytesChange& pool : advice.pools) {
    if (pool.after_bytes < pool.before_bytes) {
      advice.reclaimable_bytes += pool.before_bytes - pool.after_bytes;
    }
  }
  return advice;
}

nlohmann::json AdviceJson(const GateAdvice& advice) {
  nlohmann::json pools = nlohmann::json::array();
  for (const planner::PoolBytesChange& pool : advice.pools) {
    pools.push_back({{"pool", pool.pool},
                     {"before_bytes", pool.before_bytes},
                     {"after_bytes", pool.after_bytes}});
  }
  nlohmann::json json = {{"target_isa", advice.target_isa},
                         {"fits", advice.replan_fits},
                         {"pools", pools},
                         {"reclaimable_bytes", advice.reclaimable_bytes},
                         {"command", advice.command}};
  if (!advice.replan_fits) json["no_fit"] = advice.no_fit;
  return json;
}

void PrintAdvice(std::FILE* out, const GateAdvice& advice, bool rejected) {
  if (!advice.replan_fits) {
    fmt::print(out, "  {}\n", advice.no_fit);
    if (rejected) fmt::print(out, "next: give the device more memory, or plan a smaller model\n");
    return;
  }
  std::string changes;
  for (const planner::PoolBytesChange& pool : advice.pools) {
    changes += fmt::format("{}{} {} -> {}", changes.empty() ? "" : ", ", pool.pool,
                           GroupedBytes(pool.before_bytes), GroupedBytes(pool.after_bytes));
  }
  if (rejected) {
    fmt::print(out, "  a re-plan for {} plans {}\n", advice.target_isa, changes);
  } else if (advice.reclaimable_bytes > 0) {
    fmt::print(out, "  a re-plan for {} would reclaim {}: {}\n", advice.target_isa,
               GroupedBytes(advice.reclaimable_bytes), changes);
  } else {
    fmt::print(out, "  a re-plan for {} would not shrink any pool ({})\n", advice.target_isa,
               changes);
  }
  fmt::print(out, "next{}: {}\n", rejected ? "" : " (optional)", advice.command);
}

}  // namespace arenastore::cli
