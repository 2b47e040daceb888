// Registry: an open arenastore store (one SQLite connection at the latest schema). Every
// registry operation (push, resolve, ls, show, aliases, rm, gc, verify, signatures) takes one.
// Open() creates the latest schema in a new file, refuses an older store (kStoreNeedsMigration:
// `arenastore db migrate`), a newer one (kStoreSchemaTooNew), a foreign file and a file of 0
// bytes (kStoreForeignDatabase), all without modifying the file.
// Heap OK. Not thread-safe: one Registry per thread; many processes may share one store.
#pragma once

#include <string>

#include "base/result.h"
#include "store/database.h"

namespace arenastore::store {

class Registry {
 public:
  static Result<Registry> Open(const std::string& path, const OpenOptions& options = {});

  Database& db() { return db_; }
  const std::string& path() const { return db_.path(); }

 private:
  explicit Registry(Database db) : db_(std::move(db)) {}

  Database db_;
};

}  // namespace arenastore::store
