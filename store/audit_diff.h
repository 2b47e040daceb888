// What changed between two recorded audits, typically run by two runtime builds over the same
// fleet: results are matched by (device class, model, version); a result present in one run
// only appears as added or removed, and a matched one whose verdict, reasons, signature or
// memory (device RAM, placement, free bytes) differ is listed with every field that did. A field
// one run did not record (runs before its migration) is not compared. Called by `arenastore
// audit diff`. Pure; heap OK.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "store/audit_report.h"

namespace arenastore::store {

// The fields of a matched result the diff compares, in the order a change lists them.
enum class AuditField : uint8_t {
  kVerdict,
  kReasons,
  kSignature,
  kDeviceRam,
  kPlacement,
  kMemoryFree,
};
const char* AuditFieldName(AuditField field);  // "verdict", ..., "device_ram_bytes", ...

struct AuditChange {
  // Of a matched pair, the most telling field that changed: verdict, then reasons, signature,
  // then memory (device RAM, placement or free bytes).
  enum class Kind {
    kAdded,
    kRemoved,
    kVerdictChanged,
    kReasonsChanged,
    kSignatureChanged,
    kMemoryChanged
  };
  Kind kind = Kind::kVerdictChanged;
  // From run B when it has the result, else from run A.
  std::string class_key, hardware, isa, model;
  int64_t version = 0;
  int64_t device_count = 0;
  // Of a matched pair, every field that changed; empty for added and removed.
  std::vector<AuditField> fields;
  // Side A's and side B's result (the one side present, for added and removed).
  AuditResult a, b;
};

struct AuditDiff {
  AuditRun run_a, run_b;
  VerdictCounts totals_a, totals_b;
  std::vector<AuditChange> changes;  // by model, version, hardware, class
};

const char* AuditChangeKindName(AuditChange::Kind kind);  // "added", "removed", ...

// The fields of `a` and `b` (the same pair in two runs) that differ and both runs recorded.
std::vector<AuditField> ChangedFields(const AuditResult& a, const AuditResult& b);

AuditDiff DiffAudits(const AuditReport& a, const AuditReport& b);

}  // namespace arenastore::store
