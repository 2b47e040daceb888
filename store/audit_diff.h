// What changed between two recorded audits, typically run by two runtime builds over the same
// fleet: results are matched by (device class, model, version); a result present in one run
// only appears as added or removed. Called by `arenastore audit diff`. Pure; heap OK.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "store/audit_report.h"

namespace arenastore::store {

struct AuditChange {
  enum class Kind { kAdded, kRemoved, kVerdictChanged, kReasonsChanged };
  Kind kind = Kind::kVerdictChanged;
  // From run B when it has the result, else from run A.
  std::string class_key, hardware, isa, model;
  int64_t version = 0;
  int64_t device_count = 0;
  AuditVerdict verdict_a = AuditVerdict::kOk, verdict_b = AuditVerdict::kOk;
  std::string reasons_a, reasons_b;
  uint64_t reclaimable_a = 0, reclaimable_b = 0;
};

struct AuditDiff {
  AuditRun run_a, run_b;
  VerdictCounts totals_a, totals_b;
  std::vector<AuditChange> changes;  // by model, version, hardware, class
};

const char* AuditChangeKindName(AuditChange::Kind kind);  // "added", "removed", ...

AuditDiff DiffAudits(const AuditReport& a, const AuditReport& b);

}  // namespace arenastore::store
