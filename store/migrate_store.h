// MigrateStore: what `arenastore db migrate` does. A store at the latest schema is left alone;
// an empty file gets the latest schema; an older store is first backed up beside itself
// (VACUUM INTO, see backup.h) and then migrated one transaction per migration; a newer store
// is refused (kStoreSchemaTooNew) untouched. If a migration fails the store stays at the last
// version that committed and the backup remains. Errors: those of schema.h and backup.h.
#pragma once

#include <cstdint>
#include <string>

#include "base/result.h"
#include "store/database.h"

namespace arenastore::store {

struct MigrationOutcome {
  int32_t from_version = 0;
  int32_t to_version = 0;
  std::string backup_path;  // empty when nothing needed backing up
};

Result<MigrationOutcome> MigrateStore(Database& db);

}  // namespace arenastore::store
