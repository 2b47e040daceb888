#include "store/audit_fix.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "store/audit_record.h"
#include "store/fleet_class.h"
#include "store/fleet_deploy.h"
#include "store/fleet_inventory.h"

namespace arenastore::store {
namespace {

// The re-plan a class needs: its ISA, and its capacities bounding the artifact's own pools.
Result<planner::ReplanOptions> OptionsFor(const AuditResult& pair) {
  planner::ReplanOptions options;
  kernels::Isa isa;
  ARENASTORE_CHECK_OR_RETURN(kernels::ParseIsa(pair.isa.c_str(), &isa), ErrorCode::kInvalidInput,
                             "class %s: unknown ISA '%s'", pair.class_key.c_str(),
                             pair.isa.c_str());
  options.target_isa = isa;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<PoolCapacityRecord> capacities,
                              ParsePoolCapacities(pair.pools));
  for (const PoolCapacityRecord& pool : capacities) {
    options.pools.push_back({pool.name, static_cast<size_t>(pool.capacity_bytes)});
  }
  options.add_missing_pools = false;
  return options;
}

// Devices of the pair's class that run the pair's model version.
Result<std::vector<std::string>> DevicesOf(Registry& registry, const AuditResult& pair) {
  DeviceFilter filter;
  filter.class_key = pair.class_key;
  ARENASTORE_ASSIGN_OR_RETURN(const DeviceList list, ListDevices(registry, filter));
  std::vector<std::string> ids;
  for (const DeviceInfo& device : list.devices) {
    if (device.model == pair.model && device.version == pair.version) ids.push_back(device.id);
  }
  return ids;
}

struct Replanned {
  std::string error;
  ReplanOutcome outcome;
};

// One re-plan per (artifact, ISA, pools): classes that differ only in hardware share it.
using ReplanKey = std::tuple<std::string, std::string, std::string>;

Replanned ReplanPair(Registry& registry, const AuditResult& pair, int64_t run_id) {
  Replanned replanned;
  auto options = OptionsFor(pair);
  if (!options.ok()) return {options.status().message(), {}};
  ReplanRequest request;
  request.reference = pair.Reference();
  request.options = std::move(options.value());
  request.reason = "audit --fix (run " + std::to_string(run_id) + "): " + pair.reasons + " on " +
                   pair.hardware + " (" + pair.isa + ", " + pair.pools + ")";
  auto outcome = Replan(registry, request);
  if (!outcome.ok()) return {outcome.status().message(), {}};
  if (outcome->unchanged) {
    return {"a re-plan reproduces the same artifact, so it cannot cure: " + pair.reasons, {}};
  }
  replanned.outcome = std::move(outcome.value());
  return replanned;
}

Status Apply(Registry& registry, const Replanned& replanned, int64_t run_id, FixAction* action) {
  if (!replanned.error.empty()) {
    action->error = replanned.error;
    return Status::Ok();
  }
  const ReplanOutcome& outcome = replanned.outcome;
  action->replanned_reference = outcome.pushed.model + "@" + std::to_string(outcome.pushed.version);
  action->replanned_sha256 = outcome.pushed.sha256;
  action->diff = outcome.diff;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> ids,
                              DevicesOf(registry, action->rejected));
  if (!ids.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(
        action->devices_moved,
        DeployToDevices(registry, ids, outcome.original.model_id, outcome.pushed.version,
                        "audit --fix (run " + std::to_string(run_id) + ")"));
  }
  action->fixed = true;
  return Status::Ok();
}

}  // namespace

Result<FixReport> FixAudit(Registry& registry, const AuditOptions& options,
                           const FixObserver& observer) {
  FixReport report;
  ARENASTORE_ASSIGN_OR_RETURN(report.before, RunAudit(registry, options));
  ARENASTORE_RETURN_IF_ERROR(RecordAudit(registry, &report.before));
  if (observer.audited) observer.audited(report.before);
  const int64_t run_id = report.before.run.id;
  std::map<ReplanKey, Replanned> replans;
  for (const AuditResult* pair : ReplanList(report.before)) {
    if (!pair->curable) continue;
    if (observer.stop_requested && observer.stop_requested()) {
      report.stopped = true;
      return report;
    }
    const ReplanKey key{pair->sha256, pair->isa, pair->pools};
    auto cached = replans.find(key);
    if (cached == replans.end()) {
      cached = replans.emplace(key, ReplanPair(registry, *pair, run_id)).first;
    }
    FixAction action;
    action.rejected = *pair;
    ARENASTORE_RETURN_IF_ERROR(Apply(registry, cached->second, run_id, &action));
    report.actions.push_back(std::move(action));
    if (observer.acted) observer.acted(report.actions.back());
  }
  if (observer.stop_requested && observer.stop_requested()) {  // the re-audit is a step too
    report.stopped = true;
    return report;
  }
  AuditOptions again = options;
  again.note = "re-audit after audit --fix (run " + std::to_string(run_id) + ")";
  ARENASTORE_ASSIGN_OR_RETURN(report.after, RunAudit(registry, again));
  ARENASTORE_RETURN_IF_ERROR(RecordAudit(registry, &report.after));
  return report;
}

std::vector<const AuditResult*> RemainingRejects(const FixReport& report) {
  std::vector<const AuditResult*> remaining = ReplanList(report.after);
  std::stable_partition(remaining.begin(), remaining.end(),
                        [](const AuditResult* r) { return r->curable; });
  return remaining;
}

}  // namespace arenastore::store
