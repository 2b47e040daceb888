// Online backups of a live store, for `db backup` and `db migrate` (which backs up first):
// VACUUM INTO reads one consistent snapshot through SQLite (safe while others write; a file copy
// could be torn or miss the WAL) into a temporary beside the target (store/atomic_file.h), renamed
// only when complete, so Ctrl-C leaves no partial backup. Never replaces a file
// (kInvalidArgument, checked first and again at the rename). Heap OK.
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
