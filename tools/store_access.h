// How CLI verbs reach the store: the --db option (on the verb or before it; default
// $ARENASTORE_DB, else ./arenastore.db), the busy timeout ($ARENASTORE_BUSY_TIMEOUT_MS, default
// 5000 ms), the global --verbose switch, and opening the registry: read verbs open it read-only
// when the user cannot write it (a shared or read-only store), so they still work there.
// Host-only; the global options are process-wide state (one verb per process).
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::cli {

// Adds `--db PATH` to a verb; *path stays empty when not given (see DbPath).
void AddDbOption(CLI::App* command, std::string* path);

// Adds the options every verb accepts before or after its name: --db PATH, --verbose.
void AddGlobalOptions(CLI::App& app);

// True when --verbose was given: errors keep the store's technical details.
bool Verbose();

// The database a verb uses: the verb's --db, else the global --db, else $ARENASTORE_DB, else
// ./arenastore.db.
std::string DbPath(const std::string& flag);

enum class StoreAccess {
  kRead,           // never writes: read-only when the user cannot write the store
  kWrite,          // changes an existing store
  kWriteOrCreate,  // changes the store, creating it when missing (push, fleet import)
};

store::OpenOptions StoreOpenOptions(StoreAccess access);

// Opens the registry at DbPath(flag). A missing store is an error unless kWriteOrCreate, so a
// mistyped path never becomes a new empty store.
Result<store::Registry> OpenRegistry(const std::string& flag, StoreAccess access);

}  // namespace arenastore::cli
