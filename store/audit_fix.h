// audit --fix: audit the fleet, re-plan every rejected (device class, model version) pair a
// re-plan may cure -- for the class's ISA and pool capacities, with this build's kernel library
// (store/replan.h proves each computes what the original did) -- move that class's devices onto
// the new version, audit again and say what remains (e.g. pools too small for any plan).
// Called by `arenastore audit --fix` and tests. Both audits are recorded, and each action with
// the first as it completes (RecordFixAction), the re-audit naming that run, so `audit show` of
// the re-audit lists what moved where; deployments name the first run ("audit --fix (run N)").
// One re-plan per distinct (artifact, ISA, pools), however many classes share it. Heap OK.
// Errors: those of RunAudit, RecordAudit, Deploy; a re-plan that fails is not an error but an
// outcome (FixAction::error), so one bad pair cannot stop the others being fixed.
// Signatures: with a signing key (`--sign-with`, a private key PEM as `arenastore sign` reads),
// every re-plan is signed before any device moves onto it. Under the store's require-signature
// policy a re-plan is a new, unsigned version no device may run, so without a key -- or with
// one the store does not trust -- FixAudit refuses (kSignature) before it records, re-plans or
// moves anything, naming the versions whose re-plans would need signing. The moves themselves
// go through Deploy's policy check, so an unsigned version is never deployed either way.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "store/audit_evaluate.h"
#include "store/audit_report.h"
#include "store/registry.h"
#include "store/replan.h"

namespace arenastore::store {

// FixAction is in store/audit_report.h: a recorded re-audit carries the fix's actions too.
struct FixReport {
  AuditReport before;
  std::vector<FixAction> actions;  // one per curable reject, in the report's order
  // The re-audit (not made when stopped); its fix_moves are `actions`, as recorded with it.
  AuditReport after;
  bool stopped = false;  // observer.stop_requested() ended it early
};

// Lets a caller show each step as it happens and stop between steps. Every step (one re-plan
// and its device move) is committed before the next starts, so a stopped fix leaves the store
// consistent, and running FixAudit again resumes: moved devices no longer run the rejected
// versions, and a re-plan pushed again stores its bytes once.
struct FixObserver {
  std::function<void(const AuditReport& before)> audited;  // the first audit, recorded
  std::function<void(const FixAction& action)> acted;      // each pair, fixed or not
  std::function<bool()> stop_requested;                    // asked before each pair
};

// `sign_with_pem`: the private key that signs each re-plan; empty = sign nothing.
Result<FixReport> FixAudit(Registry& registry, const AuditOptions& options,
                           const FixObserver& observer = {}, std::string_view sign_with_pem = {});

// The rejects the re-audit still finds: curable ones (a fix that failed) first.
std::vector<const AuditResult*> RemainingRejects(const FixReport& report);

}  // namespace arenastore::store
