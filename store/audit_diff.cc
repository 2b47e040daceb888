#include "store/audit_diff.h"

#include <map>
#include <tuple>

namespace arenastore::store {
namespace {

using Key =
    std::tuple<std::string, int64_t, std::string, std::string>;  // model, version, hw, class

Key KeyOf(const AuditResult& r) { return {r.model, r.version, r.hardware, r.class_key}; }

// A side of a change: the result without its per-op findings, which the diff does not compare
// (the reasons summarise them) and a fleet-wide diff would copy by the thousand.
AuditResult SideOf(const AuditResult& r) {
  AuditResult side = r;
  side.findings.clear();
  return side;
}

AuditChange ChangeFrom(const AuditResult& r, AuditChange::Kind kind) {
  AuditChange change;
  change.kind = kind;
  change.class_key = r.class_key;
  change.hardware = r.hardware;
  change.isa = r.isa;
  change.model = r.model;
  change.version = r.version;
  change.device_count = r.device_count;
  return change;
}

// Runs recorded before migration 0013 list no device ids (a result always has a device); they
// kept no free bytes either, and their placement predates the rule that fills it.
bool RecordsMemory(const AuditResult& r) { return !r.device_ids.empty(); }

// The first field in AuditField's order names the change.
AuditChange::Kind KindOf(AuditField first) {
  switch (first) {
    case AuditField::kVerdict:
      return AuditChange::Kind::kVerdictChanged;
    case AuditField::kReasons:
      return AuditChange::Kind::kReasonsChanged;
    case AuditField::kSignature:
      return AuditChange::Kind::kSignatureChanged;
    case AuditField::kDeviceRam:
    case AuditField::kPlacement:
    case AuditField::kMemoryFree:
      return AuditChange::Kind::kMemoryChanged;
  }
  return AuditChange::Kind::kMemoryChanged;
}

}  // namespace

const char* AuditFieldName(AuditField field) {
  switch (field) {
    case AuditField::kVerdict:
      return "verdict";
    case AuditField::kReasons:
      return "reasons";
    case AuditField::kSignature:
      return "signature";
    case AuditField::kDeviceRam:
      return "device_ram_bytes";
    case AuditField::kPlacement:
      return "placement";
    case AuditField::kMemoryFree:
      return "memory_free";
  }
  return "unknown";
}

const char* AuditChangeKindName(AuditChange::Kind kind) {
  switch (kind) {
    case AuditChange::Kind::kAdded:
      return "added";
    case AuditChange::Kind::kRemoved:
      return "removed";
    case AuditChange::Kind::kVerdictChanged:
      return "verdict";
    case AuditChange::Kind::kReasonsChanged:
      return "reasons";
    case AuditChange::Kind::kSignatureChanged:
      return "signature";
    case AuditChange::Kind::kMemoryChanged:
      return "memory";
  }
  return "unknown";
}

std::vector<AuditField> ChangedFields(const AuditResult& a, const AuditResult& b) {
  std::vector<AuditField> fields;
  if (a.verdict != b.verdict) fields.push_back(AuditField::kVerdict);
  if (a.reasons != b.reasons) fields.push_back(AuditField::kReasons);
  // kUnknown: a run recorded before audits judged signatures (migration 0008).
  const bool signatures_recorded =
      a.signature != SignatureState::kUnknown && b.signature != SignatureState::kUnknown;
  if (signatures_recorded && (a.signature != b.signature || a.revoked_key != b.revoked_key)) {
    fields.push_back(AuditField::kSignature);
  }
  // 0: a run recorded before the audit kept device RAM (migration 0014).
  if (a.device_ram_bytes != 0 && b.device_ram_bytes != 0 &&
      a.device_ram_bytes != b.device_ram_bytes) {
    fields.push_back(AuditField::kDeviceRam);
  }
  if (RecordsMemory(a) && RecordsMemory(b)) {
    if (a.placement != b.placement) fields.push_back(AuditField::kPlacement);
    if (a.memory_free != b.memory_free) fields.push_back(AuditField::kMemoryFree);
  }
  return fields;
}

AuditDiff DiffAudits(const AuditReport& a, const AuditReport& b) {
  AuditDiff diff;
  diff.run_a = a.run;
  diff.run_b = b.run;
  diff.totals_a = Totals(a);
  diff.totals_b = Totals(b);
  std::map<Key, const AuditResult*> in_a, in_b;
  for (const AuditResult& r : a.results) in_a[KeyOf(r)] = &r;
  for (const AuditResult& r : b.results) in_b[KeyOf(r)] = &r;
  std::map<Key, AuditChange> changes;
  for (const auto& [key, ra] : in_a) {
    auto found = in_b.find(key);
    if (found == in_b.end()) {
      AuditChange change = ChangeFrom(*ra, AuditChange::Kind::kRemoved);
      change.a = SideOf(*ra);
      changes.emplace(key, std::move(change));
      continue;
    }
    const AuditResult& rb = *found->second;
    std::vector<AuditField> fields = ChangedFields(*ra, rb);
    if (fields.empty()) continue;
    AuditChange change = ChangeFrom(rb, KindOf(fields.front()));
    change.fields = std::move(fields);
    change.a = SideOf(*ra);
    change.b = SideOf(rb);
    changes.emplace(key, std::move(change));
  }
  for (const auto& [key, rb] : in_b) {
    if (in_a.count(key) > 0) continue;
    AuditChange change = ChangeFrom(*rb, AuditChange::Kind::kAdded);
    change.b = SideOf(*rb);
    changes.emplace(key, std::move(change));
  }
  for (auto& [key, change] : changes) diff.changes.push_back(std::move(change));
  return diff;
}

}  // namespace arenastore::store
