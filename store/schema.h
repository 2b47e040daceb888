// The schema runner: which schema version a database is at, creating the latest schema in an
// empty database, and applying migrations (store/migration.h). Called by Registry::Open (every
// verb) and by `arenastore db migrate`; tests drive it to build databases at old versions.
// Invariants:
//   1. Migration N runs only on a database at user_version N-1, in one BEGIN IMMEDIATE
//      transaction that also sets PRAGMA application_id and PRAGMA user_version = N, and checks
//      foreign keys before committing: a failure (or a crash) leaves version N-1 untouched.
//   2. An empty database gets every migration in one transaction (no process ever sees a
//      half-created store). Only an empty database is upgraded implicitly; an older store changes only through
//      MigrateTo (the `db migrate` verb, which backs up first); a newer one is never touched.
// Errors: kStoreNeedsMigration, kStoreSchemaTooNew, kStoreBusy, kStore. Heap OK.
#pragma once

#include <cstdint>
#include <span>

#include "base/result.h"
#include "store/database.h"
#include "store/migration.h"

namespace arenastore::store {

struct SchemaState {
  int64_t application_id = 0;
  int32_t version = 0;  // PRAGMA user_version
  int64_t objects = 0;  // rows of sqlite_schema
  bool empty() const { return application_id == 0 && version == 0 && objects == 0; }
};

int32_t LatestSchemaVersion();
Result<SchemaState> ReadSchemaState(Database& db);

// Creates the latest schema in an empty database; ok when the database is already at the
// latest version; kStoreNeedsMigration / kStoreSchemaTooNew (naming both versions) otherwise.
Status EnsureLatestSchema(Database& db);

// Applies migrations[from+1 .. target] one transaction each (target <= migrations' last).
// Returns the version the database ended at. Refuses a database newer than `target`.
Result<int32_t> MigrateTo(Database& db, int32_t target_version,
                          std::span<const Migration> migrations = EmbeddedMigrations());

}  // namespace arenastore::store
