// Audit runs as records in the store: RecordAudit writes a report (run, results, findings) in
// one IMMEDIATE transaction; ListAuditRuns and ReadAudit read them back exactly as written, so
// `audit show` and `audit diff` need neither the fleet nor the artifacts any more (invariant 3
// of migrations/0004_fleet.sql: records are never updated). Called by `arenastore audit`,
// audit --fix and the benchmark. Heap OK. Errors: kNotFound (no such run), kStore, kStoreBusy.
#pragma once

#include <cstdint>
#include <vector>

#include "base/result.h"
#include "store/audit_report.h"
#include "store/registry.h"

namespace arenastore::store {

// Sets report->run.id on success.
Status RecordAudit(Registry& registry, AuditReport* report);

// Newest first; limit 0 = every run.
Result<std::vector<AuditRun>> ListAuditRuns(Registry& registry, int64_t limit);

// Results in the report's order (rejects first, most devices first).
Result<AuditReport> ReadAudit(Registry& registry, int64_t run_id);

}  // namespace arenastore::store
