#include "store/audit_diff.h"

#include <map>
#include <tuple>

namespace arenastore::store {
namespace {

using Key =
    std::tuple<std::string, int64_t, std::string, std::string>;  // model, version, hw, class

Key KeyOf(const AuditResult& r) { return {r.model, r.version, r.hardware, r.class_key}; }

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

void SetSideA(const AuditResult& r, AuditChange* change) {
  change->verdict_a = r.verdict;
  change->reasons_a = r.reasons;
  change->reclaimable_a = r.reclaimable_bytes;
}

void SetSideB(const AuditResult& r, AuditChange* change) {
  change->verdict_b = r.verdict;
  change->reasons_b = r.reasons;
  change->reclaimable_b = r.reclaimable_bytes;
}

}  // namespace

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
  }
  return "unknown";
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
      SetSideA(*ra, &change);
      changes.emplace(key, change);
      continue;
    }
    const AuditResult& rb = *found->second;
    if (ra->verdict == rb.verdict && ra->reasons == rb.reasons) continue;
    AuditChange change =
        ChangeFrom(rb, ra->verdict != rb.verdict ? AuditChange::Kind::kVerdictChanged
                                                 : AuditChange::Kind::kReasonsChanged);
    SetSideA(*ra, &change);
    SetSideB(rb, &change);
    changes.emplace(key, change);
  }
  for (const auto& [key, rb] : in_b) {
    if (in_a.count(key) > 0) continue;
    AuditChange change = ChangeFrom(*rb, AuditChange::Kind::kAdded);
    SetSideB(*rb, &change);
    changes.emplace(key, change);
  }
  for (auto& [key, change] : changes) diff.changes.push_back(std::move(change));
  return diff;
}

}  // namespace arenastore::store
