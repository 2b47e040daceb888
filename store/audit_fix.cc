#include "store/audit_fix.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

#include "store/audit_record.h"
#include "store/fleet_class.h"
#include "store/fleet_deploy.h"
#include "store/fleet_inventory.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"

namespace arenastore::store {
namespace {

// The re-plan the pair's class needs (ClassReplanOptions), from the pair's recorded ISA and
// pools, with the audit's row-stage budget.
Result<planner::ReplanOptions> OptionsFor(const AuditResult& pair,
                                          std::optional<double> max_recompute_percent) {
  kernels::Isa isa;
  ARENASTORE_CHECK_OR_RETURN(kernels::ParseIsa(pair.isa.c_str(), &isa), ErrorCode::kInvalidInput,
                             "class %s: unknown ISA '%s'", pair.class_key.c_str(),
                             pair.isa.c_str());
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<PoolCapacityRecord> capacities,
                              ParsePoolCapacities(pair.pools));
  return ClassReplanOptions(isa, capacities, max_recompute_percent);
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
  bool signed_with_key = false;
};

// One re-plan per (artifact, ISA, pools): classes that differ only in hardware share it.
using ReplanKey = std::tuple<std::string, std::string, std::string>;

Replanned ReplanPair(Registry& registry, const AuditResult& pair, int64_t run_id,
                     const AuditOptions& audit, std::string_view sign_with_pem) {
  Replanned replanned;
  auto options = OptionsFor(pair, audit.max_recompute_percent);
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
  if (!sign_with_pem.empty()) {
    const ReplanOutcome& made = replanned.outcome;
    auto signed_version = SignVersion(
        registry, made.pushed.model + "@" + std::to_string(made.pushed.version), sign_with_pem);
    if (!signed_version.ok()) return {signed_version.status().message(), {}};
    replanned.signed_with_key = true;
  }
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
  action->replan_signed = replanned.signed_with_key;
  action->before_bytes = outcome.diff.before_bytes;
  action->after_bytes = outcome.diff.after_bytes;
  action->replan_speed_cost = outcome.speed_cost;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> ids,
                              DevicesOf(registry, action->rejected));
  if (!ids.empty()) {
    auto moved = DeployToDevices(registry, ids, action->replanned_reference,
                                 "audit --fix (run " + std::to_string(run_id) + ")");
    // The policy refusing this version is this pair's outcome, like a failed re-plan.
    if (!moved.ok() && moved.status().code() == ErrorCode::kSignature) {
      action->error = moved.status().message();
      return Status::Ok();
    }
    ARENASTORE_RETURN_IF_ERROR(moved.status());
    action->devices_moved = moved.value();
  }
  action->fixed = true;
  return Status::Ok();
}

// A key that cannot sign would fail every pair, and under the policy a key whose signatures
// it would not count signs in vain: both are refused before anything.
Status CheckSigningKey(Registry& registry, std::string_view private_pem, bool signatures_required) {
  ARENASTORE_ASSIGN_OR_RETURN(const PublicKey key, PublicKeyOfPrivate(private_pem));
  if (!signatures_required) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<TrustedKey> trusted, ListTrustedKeys(registry));
  for (const TrustedKey& candidate : trusted) {
    if (candidate.public_key == key) return Status::Ok();
  }
  return Status::Error(ErrorCode::kSignature,
                       "audit --fix: the --sign-with key (public key %s) is not one this store "
                       "trusts, so under require-signature its signatures would not let a device "
                       "onto a re-plan; nothing was recorded, re-planned or moved. Trust its "
                       "public half (`arenastore key trust KEY.pub --name NAME`) or sign with a "
                       "trusted key",
                       HexOf(key).c_str());
}

// Under require-signature, re-plans made without a key would be versions no device may run.
Status RefuseUnsignedReplans(const AuditReport& before) {
  std::vector<std::string> references;
  for (const AuditResult* pair : ReplanList(before)) {
    if (!pair->curable) continue;
    const std::string reference = pair->Reference();
    if (std::find(references.begin(), references.end(), reference) == references.end()) {
      references.push_back(reference);
    }
  }
  if (references.empty()) return Status::Ok();
  // The list is bounded: a Status message is.
  std::string named;
  for (size_t i = 0; i < references.size() && i < 3; ++i) {
    named += (i == 0 ? "" : ", ") + references[i];
  }
  if (references.size() > 3) named += " and " + std::to_string(references.size() - 3) + " more";
  return Status::Error(ErrorCode::kSignature,
                       "audit --fix: this store requires a signature by a trusted key, and the "
                       "re-plans of %s would be new, unsigned versions no device may run; nothing "
                       "was recorded, re-planned or moved. Run `arenastore audit --fix --sign-with "
                       "KEY` with a private key the store trusts (as `arenastore sign --key` "
                       "takes) to sign each re-plan before devices move onto it",
                       named.c_str());
}

}  // namespace

Result<FixReport> FixAudit(Registry& registry, const AuditOptions& options,
                           const FixObserver& observer, std::string_view sign_with_pem) {
  FixReport report;
  ARENASTORE_ASSIGN_OR_RETURN(const bool signatures_required, RequireSignature(registry));
  if (!sign_with_pem.empty()) {
    ARENASTORE_RETURN_IF_ERROR(CheckSigningKey(registry, sign_with_pem, signatures_required));
  }
  ARENASTORE_ASSIGN_OR_RETURN(report.before, RunAudit(registry, options));
  if (signatures_required && sign_with_pem.empty()) {
    ARENASTORE_RETURN_IF_ERROR(RefuseUnsignedReplans(report.before));
  }
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
      cached =
          replans.emplace(key, ReplanPair(registry, *pair, run_id, options, sign_with_pem)).first;
    }
    FixAction action;
    action.rejected = *pair;
    ARENASTORE_RETURN_IF_ERROR(Apply(registry, cached->second, run_id, &action));
    // Recorded once the step is done, so an interrupted fix keeps what it did.
    ARENASTORE_RETURN_IF_ERROR(
        RecordFixAction(registry, run_id, static_cast<int64_t>(report.actions.size()), action));
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
  report.after.run.fix_of_run = run_id;
  report.after.fix_moves = report.actions;
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
