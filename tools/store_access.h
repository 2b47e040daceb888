// How CLI verbs reach the store: the --db option (default $ARENASTORE_DB, else
// ./arenastore.db), the busy timeout ($ARENASTORE_BUSY_TIMEOUT_MS, default 5000 ms) and
// opening the registry with a context that names the database in every error. Host-only.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::cli {

// Adds `--db PATH` to a verb; *path stays empty when not given (see DbPath).
void AddDbOption(CLI::App* command, std::string* path);

// The database a verb uses: the --db value, else $ARENASTORE_DB, else ./arenastore.db.
std::string DbPath(const std::string& flag);

store::OpenOptions StoreOpenOptions(bool create_if_missing);

// Opens the registry at DbPath(flag). Read-only verbs pass create_if_missing = false so a
// mistyped path is an error instead of a new empty store.
Result<store::Registry> OpenRegistry(const std::string& flag, bool create_if_missing);

}  // namespace arenastore::cli
