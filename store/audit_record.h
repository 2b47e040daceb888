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

// Sets report->run.id on success. Records report->run.fix_of_run (the moves themselves are
// recorded with that run, by RecordFixAction).
Status RecordAudit(Registry& registry, AuditReport* report);

// audit --fix's `seq`th action (from 0) on the rejects of recorded run `run_id`; the rejected
// pair must be one of that run's results.
Status RecordFixAction(Registry& registry, int64_t run_id, int64_t seq, const FixAction& action);

// Newest first; limit 0 = every run.
Result<std::vector<AuditRun>> ListAuditRuns(Registry& registry, int64_t limit);

// Results in the report's order (rejects first, most devices first); a re-audit of audit --fix
// with the fix's moves (runs recorded before migration 0015 have none).
Result<AuditReport> ReadAudit(Registry& registry, int64_t run_id);

}  // namespace arenastore::store
