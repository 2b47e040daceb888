// Online backups of a live store. Called by `arenastore db backup` and by `db migrate`, which
// backs up before changing the schema. Uses VACUUM INTO, which reads a consistent snapshot
// through SQLite (so it is safe while other processes write) and writes a compact, complete
// database file; copying a live file could capture a torn state or miss the WAL.
// Refuses to overwrite an existing file (kInvalidArgument). Heap OK.
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
