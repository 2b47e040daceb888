// Online backups of a live store. Called by `arenastore db backup` and by `db migrate`, which
// backs up before changing the schema. VACUUM INTO reads one consistent snapshot through SQLite
// (safe while other processes write; a copy of the live file could be torn or miss the WAL) and
// writes a compact, complete database into a temporary beside the target (store/atomic_file.h),
// which is fsynced and renamed into place only when complete: an error or Ctrl-C leaves no
// partial backup that a later `db info` would mistake for an old store.
// Refuses to overwrite an existing file, checked first and again at the rename
// (kInvalidArgument). Heap OK.
#pragma once

#include <string>

#include "base/status.h"
#include "store/database.h"

namespace arenastore::store {

Status BackupTo(Database& db, const std::string& target_path);

// "<db path>.v<schema version>.<UTC timestamp>.backup": a name beside the database that does
// not exist yet.
std::string BackupPathBeside(const Database& db, int32_t schema_version);

}  // namespace arenastore::store
