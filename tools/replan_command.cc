#include "tools/replan_command.h"

#include <fmt/core.h>

#include "store/pool_text.h"
#include "tools/isa_option.h"
#include "tools/json_document.h"
#include "tools/numeric_option.h"
#include "tools/registry_format.h"
#include "tools/store_access.h"

namespace arenastore::cli {
namespace {

struct ReplanCliOptions {
  std::string reference;
  std::string target;
  std::vector<std::string> pools;
  std::string reason;
  std::string alias;
  std::optional<double> max_recompute_percent;  // unset: the original's own share
  std::string db;
  std::shared_ptr<bool> json = std::make_shared<bool>(false);
};

std::string SignedBytes(uint64_t before, uint64_t after) {
  if (after >= before) return "+" + std::to_string(after - before);
  return "-" + std::to_string(before - after);
}

Result<planner::ReplanOptions> ToReplanOptions(const ReplanCliOptions& cli) {
  planner::ReplanOptions options;
  if (!cli.target.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(options.target_isa, ParseIsaOption("--target", cli.target));
  }
  ARENASTORE_ASSIGN_OR_RETURN(options.pools, store::ParsePoolOptions(cli.pools));
  options.max_recompute_percent = cli.max_recompute_percent;
  return options;
}

Status RunReplan(const ReplanCliOptions& cli) {
  ARENASTORE_ASSIGN_OR_RETURN(store::Registry registry, OpenRegistry(cli.db, StoreAccess::kWrite));
  store::ReplanRequest request;
  request.reference = cli.reference;
  ARENASTORE_ASSIGN_OR_RETURN(request.options, ToReplanOptions(cli));
  request.reason = cli.reason;
  request.alias = cli.alias;
  ARENASTORE_ASSIGN_OR_RETURN(const store::ReplanOutcome outcome, store::Replan(registry, request));
  if (*cli.json) {
    EmitJson(ReplanJson(outcome));
  } else {
    PrintReplan(outcome);
  }
  return Status::Ok();
}

}  // namespace

nlohmann::json ReplanJson(const store::ReplanOutcome& outcome) {
  nlohmann::json pools = nlohmann::json::array();
  for (const planner::PoolBytesChange& pool : outcome.diff.pools) {
    pools.push_back({{"pool", pool.pool},
                     {"before_bytes", pool.before_bytes},
                     {"after_bytes", pool.after_bytes}});
  }
  nlohmann::json scratch = nlohmann::json::array();
  for (const planner::ScratchChange& op : outcome.diff.scratch) {
    scratch.push_back({{"op_index", op.op_index},
                       {"op_kind", op.op_kind},
                       {"before_bytes", op.before_bytes},
                       {"after_bytes", op.after_bytes}});
  }
  nlohmann::json json = {{"original",
                          {{"reference", outcome.original.Name()},
                           {"sha256", outcome.original.sha256},
                           {"kernel_version", outcome.original_kernel_version},
                           {"target_isa", outcome.original_isa}}},
                         {"unchanged", outcome.unchanged},
                         {"kernel_version", outcome.replanned_kernel_version},
                         {"target_isa", outcome.replanned_isa},
                         {"before_bytes", outcome.diff.before_bytes},
                         {"after_bytes", outcome.diff.after_bytes},
                         {"pools", pools},
                         {"scratch_changes", scratch},
                         // The re-plan's row stages, in the audit's JSON names.
                         {"row_stages", outcome.speed_cost.stages},
                         {"extra_macs", outcome.speed_cost.extra_macs},
                         {"model_macs", outcome.speed_cost.model_macs},
                         // Ops on slower kernels, as compile --json counts them.
                         {"reference_kernel_ops", outcome.speed_cost.reference_kernel_ops},
                         {"own_slower_kernel_ops", outcome.speed_cost.own_slower_kernel_ops}};
  if (!outcome.unchanged) {
    json["replanned"] = {
        {"reference", outcome.pushed.model + "@" + std::to_string(outcome.pushed.version)},
        {"sha256", outcome.pushed.sha256},
        {"derived_from_sha256", outcome.original.sha256},
        {"note", outcome.note},
        {"alias", outcome.pushed.alias}};
  }
  return json;
}

void PrintReplan(const store::ReplanOutcome& outcome) {
  const store::ResolvedVersion& from = outcome.original;
  if (outcome.unchanged) {
    fmt::print("{} ({}) is already what kernel library {} plans for {}{}: nothing pushed\n",
               from.Name(), ShortDigest(from.sha256), outcome.replanned_kernel_version,
               outcome.replanned_isa, store::WithSpeedCostText(outcome.speed_cost));
    return;
  }
  fmt::print("{} ({}, kernels {} for {}) -> {}@{} ({}, kernels {} for {}){}\n", from.Name(),
             ShortDigest(from.sha256), outcome.original_kernel_version, outcome.original_isa,
             outcome.pushed.model, outcome.pushed.version, ShortDigest(outcome.pushed.sha256),
             outcome.replanned_kernel_version, outcome.replanned_isa,
             store::WithSpeedCostText(outcome.speed_cost));
  fmt::print("lineage: derived from {}; note: {}\n", ShortDigest(from.sha256), outcome.note);
  fmt::print("\n{:<10} {:>12} {:>12} {:>10}\n", "pool", "before B", "after B", "change");
  for (const planner::PoolBytesChange& pool : outcome.diff.pools) {
    fmt::print("{:<10} {:>12} {:>12} {:>10}\n", pool.pool, pool.before_bytes, pool.after_bytes,
               SignedBytes(pool.before_bytes, pool.after_bytes));
  }
  fmt::print("{:<10} {:>12} {:>12} {:>10}\n", "total", outcome.diff.before_bytes,
             outcome.diff.after_bytes,
             SignedBytes(outcome.diff.before_bytes, outcome.diff.after_bytes));
  if (outcome.diff.scratch.empty()) {
    fmt::print("\nno operator's scratch changed\n");
    return;
  }
  fmt::print("\n{:>4} {:<18} {:>10} {:>10} {:>10}\n", "op", "kind", "before B", "after B",
             "change");
  for (const planner::ScratchChange& op : outcome.diff.scratch) {
    fmt::print("{:>4} {:<18} {:>10} {:>10} {:>10}\n", op.op_index, op.op_kind, op.before_bytes,
               op.after_bytes, SignedBytes(op.before_bytes, op.after_bytes));
  }
}

Verb SetupReplan(CLI::App& app) {
  auto options = std::make_shared<ReplanCliOptions>();
  CLI::App* command = app.add_subcommand(
      "replan",
      "Re-plan a stored model version from its artifact alone for this build's kernel library "
      "and push it as the next version, with its lineage");
  command->add_option("reference", options->reference, "Model version: kws, kws@3, kws@prod")
      ->required();
  command->add_option("--target", options->target,
                      "Target ISA (ref, arm_dsp, arm_mve, x86_avx2, ...); default: the artifact's");
  command->add_option("--pool", options->pools,
                      "NAME:SIZE or NAME=SIZE (K, KiB, M, MiB), with :io for an io pool (e.g. "
                      "sram:256K): set that pool's capacity, or add a pool");
  command->add_option("--reason", options->reason, "Why; recorded in the new version's note");
  command->add_option("--alias", options->alias, "Set or move this alias to the new version");
  AddMaxRecomputeOption(command, &options->max_recompute_percent,
                        "Row stages may recompute at most PERCENT of the model's MACs (as "
                        "`compile --max-recompute`); default: the share the original's own row "
                        "stages recompute (none without stages)");
  AddDbOption(command, &options->db);
  command->add_flag("--json", *options->json, "Print as JSON");
  command->footer(
      "Example: arenastore replan kws@prod --target arm_mve --pool sram:128K --reason \"runtime "
      "1.3 upgrade\"");
  return {command, [options] { return RunReplan(*options); }, options->json};
}

}  // namespace arenastore::cli
