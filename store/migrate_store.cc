#include "store/migrate_store.h"

#include "store/backup.h"
#include "store/schema.h"

namespace arenastore::store {

Result<MigrationOutcome> MigrateStore(Database& db) {
  ARENASTORE_ASSIGN_OR_RETURN(const SchemaState state, ReadSchemaState(db));
  MigrationOutcome outcome;
  outcome.from_version = state.version;
  const int32_t latest = LatestSchemaVersion();
  if (!state.empty() && state.version < latest) {
    outcome.backup_path = BackupPathBeside(db, state.version);
    ARENASTORE_RETURN_IF_ERROR(BackupTo(db, outcome.backup_path));
  }
  auto reached = MigrateTo(db, latest);
  if (!reached.ok()) {
    Status status = reached.status();
    if (outcome.backup_path.empty()) return status;
    return status.WithContext("migrate %s (backup kept at %s)", db.path().c_str(),
                              outcome.backup_path.c_str());
  }
  outcome.to_version = *reached;
  return outcome;
}

}  // namespace arenastore::store
