#include "store/schema.h"

#include <string>

#include "store/transaction.h"

namespace arenastore::store {
namespace {

Status TooNew(const Database& db, int32_t version, int32_t supported) {
  return Status::Error(ErrorCode::kStoreSchemaTooNew,
                       "%s has schema version %d but this arenastore understands up to %d; "
                       "use a newer arenastore (stores are never downgraded)",
                       db.path().c_str(), version, supported);
}

Status ForeignKeysHold(Database& db, const Migration& migration) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement check, db.Prepare("PRAGMA foreign_key_check"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool violation, check.Step());
  if (!violation) return Status::Ok();
  return Status::Error(ErrorCode::kIntegrity,
                       "migration %s would leave a foreign key violation in table %s; the "
                       "database was not changed",
                       migration.name, check.ColumnText(0).c_str());
}

// The writes of one migration, inside a transaction the caller holds.
Status ApplyInTransaction(Database& db, const Migration& migration) {
  Status status = db.Exec(migration.sql);
  if (!status.ok()) return status.WithContext("migration %s", migration.name);
  ARENASTORE_RETURN_IF_ERROR(
      db.Exec("PRAGMA application_id = " + std::to_string(kApplicationId) +
              "; PRAGMA user_version = " + std::to_string(migration.version)));
  return ForeignKeysHold(db, migration);
}

// Applies one migration if the database is still at its predecessor (another process may
// have applied it meanwhile: the version is re-read under the write lock).
Status Apply(Database& db, const Migration& migration) {
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t version, db.QueryInt("PRAGMA user_version"));
  if (version >= migration.version) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(version == migration.version - 1, ErrorCode::kStore,
                             "migration %s expects schema %d, found %lld", migration.name,
                             migration.version - 1, static_cast<long long>(version));
  ARENASTORE_RETURN_IF_ERROR(ApplyInTransaction(db, migration));
  return transaction.Commit();
}

// Creates the latest schema in ONE transaction, so processes opening the same new file at
// the same moment never see a half-created store (an intermediate version would read as "needs
// migration"). Whoever gets the write lock first creates it; the others find it done.
Status CreateLatest(Database& db) {
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const SchemaState state, ReadSchemaState(db));
  if (!state.empty()) return Status::Ok();  // created meanwhile; the caller re-checks it
  for (const Migration& migration : EmbeddedMigrations()) {
    ARENASTORE_RETURN_IF_ERROR(ApplyInTransaction(db, migration));
  }
  return transaction.Commit();
}

}  // namespace

int32_t LatestSchemaVersion() { return EmbeddedMigrations().back().version; }

Result<SchemaState> ReadSchemaState(Database& db) {
  // One statement, one snapshot: the three facts agree even while another process migrates.
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query, db.Prepare("SELECT (SELECT application_id FROM pragma_application_id()), "
                                  "(SELECT user_version FROM pragma_user_version()), "
                                  "(SELECT count(*) FROM sqlite_schema)"));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, query.Step());
  SchemaState state;
  if (!row) return state;
  state.application_id = query.ColumnInt(0);
  state.version = static_cast<int32_t>(query.ColumnInt(1));
  state.objects = query.ColumnInt(2);
  return state;
}

Status EnsureLatestSchema(Database& db) {
  const int32_t latest = LatestSchemaVersion();
  ARENASTORE_ASSIGN_OR_RETURN(SchemaState state, ReadSchemaState(db));
  if (state.empty()) {
    ARENASTORE_RETURN_IF_ERROR(CreateLatest(db));
    ARENASTORE_ASSIGN_OR_RETURN(state, ReadSchemaState(db));
  }
  if (state.version == latest && state.application_id == kApplicationId) return Status::Ok();
  if (state.version > latest) return TooNew(db, state.version, latest);
  return Status::Error(ErrorCode::kStoreNeedsMigration,
                       "%s has schema version %d; this arenastore uses %d. Run `arenastore "
                       "db migrate --db %s` (it writes a backup first), then retry",
                       db.path().c_str(), state.version, latest, db.path().c_str());
}

Result<int32_t> MigrateTo(Database& db, int32_t target_version,
                          std::span<const Migration> migrations) {
  ARENASTORE_CHECK_OR_RETURN(
      target_version >= 0 && target_version <= static_cast<int32_t>(migrations.size()),
      ErrorCode::kInvalidArgument, "no migration to schema version %d (latest is %zu)",
      target_version, migrations.size());
  ARENASTORE_ASSIGN_OR_RETURN(const SchemaState state, ReadSchemaState(db));
  if (state.version > target_version) return TooNew(db, state.version, target_version);
  for (const Migration& migration : migrations) {
    if (migration.version <= state.version || migration.version > target_version) continue;
    ARENASTORE_RETURN_IF_ERROR(Apply(db, migration));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t reached, db.QueryInt("PRAGMA user_version"));
  return static_cast<int32_t>(reached);
}

}  // namespace arenastore::store
