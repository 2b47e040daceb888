#include "tools/gate_advice.h"

#include <fmt/core.h>

#include "planner/examples/examples.h"
#include "planner/replan.h"
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

// What a file was compiled from: its source model as recorded, else its built-in example.
std::string CompileSource(const runtime::ArtifactView& view) {
  const auto* source = view.artifact().source_model_name();
  if (source != nullptr && source->size() > 0) return source->str();
  const auto* model = view.artifact().model_name();
  if (model != nullptr && planner::BuildExample(model->str()).ok()) {
    return "--example " + model->str();
  }
  return "MODEL.tflite";
}

std::string NextCommand(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                        const std::string& isa, const std::string& pool_flags) {
  if (loaded.from_store) {
    return fmt::format("arenastore replan {} --target {}{}", loaded.reference, isa, pool_flags);
  }
  return fmt::format("arenastore compile {} --target {}{} -o {}", CompileSource(view), isa,
                     pool_flags, loaded.source);
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
                        kernels::Isa isa, const std::vector<planner::PoolConfig>& capacities) {
  GateAdvice advice;
  advice.target_isa = kernels::IsaName(isa);
  planner::ReplanOptions options;
  options.target_isa = isa;
  options.pools = capacities;
  options.add_missing_pools = false;  // capacities bound the artifact's pools, never add some
  auto replanned = planner::ReplanArtifact(view, options);
  const std::string pool_flags =
      replanned.ok() ? PoolFlags(replanned->options.pools)
                     : PoolFlags(planner::ReplanCompileOptions(view, options).pools);
  advice.command = NextCommand(loaded, view, advice.target_isa, pool_flags);
  if (!replanned.ok()) {
    advice.no_fit = NoFitText(view, options, capacities, replanned.status());
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
