// Database: one SQLite connection (RAII; closed in the destructor), configured the way every
// arenastore store is used: WAL journal, busy timeout, synchronous=FULL, foreign keys on.
// Called by the schema runner and the registry; tests use it to build old or foreign files.
// Open() checks the file before changing anything in it: a non-SQLite file or an SQLite file
// of another application (application_id differs and it has tables) is refused
// (kStoreForeignDatabase) and left untouched, and so is a file of 0 bytes (nothing an
// arenastore or SQLite ever leaves at a store path: a new store appears there with its first
// page written). Heap OK; never throws. Not thread-safe: use one
// Database per thread (SQLite's own locking makes many processes safe).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.h"
#include "store/busy_wait.h"
#include "store/statement.h"

struct sqlite3;

namespace arenastore::store {

// PRAGMA application_id of every arenastore database: "ARST" in ASCII.
inline constexpr int32_t kApplicationId = 0x41525354;

struct OpenOptions {
  // How long a statement waits for another process's lock before failing with kStoreBusy.
  int32_t busy_timeout_ms = 5000;
  // false: a missing file is kNotFound instead of a new empty database.
  bool create_if_missing = true;
  // Never write. Works on a store the user may read but not write, WAL included: SQLite reads a
  // WAL store through its -shm index, which it creates beside the file when another process
  // has not; where it cannot (the directory is not writable and nobody has the store open), the
  // file is read as it stands (immutable=1: no locks, so a writer starting meanwhile is not
  // seen). Writing statements fail (kStore, saying the store is read-only).
  bool read_only = false;
};

class Database {
 public:
  static Result<Database> Open(const std::string& path, const OpenOptions& options);

  Database(Database&& other) noexcept;
  Database& operator=(Database&& other) noexcept;
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;
  ~Database();

  Result<Statement> Prepare(std::string_view sql);
  // Runs one or more statements that return no rows of interest.
  Status Exec(std::string_view sql);
  // The first column of the first row as an integer (0 when there is no row).
  Result<int64_t> QueryInt(std::string_view sql);

  int64_t LastInsertRowId() const;
  sqlite3* handle() { return db_; }
  const std::string& path() const { return path_; }
  int32_t busy_timeout_ms() const { return busy_wait_->timeout_ms; }

 private:
  Database(sqlite3* db, std::string path, int32_t busy_timeout_ms);
  // `name`: what SQLite opens (a URI); `path`: the file, for messages.
  static Result<Database> OpenWith(const std::string& path, const std::string& name, int flags,
                                   const OpenOptions& options);
  static Result<Database> OpenHandle(const std::string& path, const std::string& name, int flags,
                                     const OpenOptions& options);
  static Status CreateWhole(const std::string& path, const OpenOptions& options);
  static Result<Database> OpenReadOnly(const std::string& path, const OpenOptions& options);
  bool CanReadWal();
  Status CheckOwnership();
  Status Configure(const OpenOptions& options);
  Status EnableWal();

  sqlite3* db_ = nullptr;
  std::string path_;
  std::unique_ptr<BusyWait> busy_wait_;  // heap: SQLite keeps its address across moves
};

}  // namespace arenastore::store
