#include "store/database.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>
#include <utility>

#include "store/atomic_file.h"
#include "store/sqlite_status.h"

namespace arenastore::store {
namespace {

Status NotFound(const std::string& path) {
  return Status::Error(ErrorCode::kNotFound,
                       "no arenastore database at %s; push an artifact to create one, or point "
                       "--db (or $ARENASTORE_DB) at an existing store",
                       path.c_str());
}

// A file of 0 bytes is no store: SQLite would take it for a new, empty database and the store's
// schema would be written into whatever was meant to be there. New stores are never seen at 0
// bytes (CreateWhole), so only a journal beside it may say SQLite has pages of it elsewhere.
Status CheckNotEmpty(const std::string& path) {
  std::error_code error;
  const uintmax_t bytes = std::filesystem::file_size(path, error);
  if (error || bytes != 0) return Status::Ok();  // SQLite says what else is wrong
  for (const char* journal : {"-wal", "-journal"}) {
    if (std::filesystem::exists(path + journal, error)) return Status::Ok();
  }
  return Status::Error(ErrorCode::kStoreForeignDatabase,
                       "%s is empty (0 bytes), not an arenastore store; it was not modified. "
                       "Remove it to create a new store there, or point --db (or "
                       "$ARENASTORE_DB) at an existing store",
                       path.c_str());
}

// "file:/path/to/db?QUERY", with the characters a URI gives meaning to escaped.
std::string UriOf(const std::string& path, const char* query) {
  std::string uri = "file:";
  for (const char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      char escaped[4];
      std::snprintf(escaped, sizeof(escaped), "%%%02X", static_cast<unsigned char>(c));
      uri += escaped;
    } else {
      uri += c;
    }
  }
  return uri + "?" + query;
}

}  // namespace

Database::Database(sqlite3* db, std::string path, int32_t busy_timeout_ms)
    : db_(db), path_(std::move(path)), busy_wait_(std::make_unique<BusyWait>(busy_timeout_ms)) {}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)),
      path_(std::move(other.path_)),
      busy_wait_(std::move(other.busy_wait_)) {}

Database& Database::operator=(Database&& other) noexcept {
  if (this != &other) {
    sqlite3_close_v2(db_);
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
    busy_wait_ = std::move(other.busy_wait_);
  }
  return *this;
}

Database::~Database() { sqlite3_close_v2(db_); }

Result<Database> Database::Open(const std::string& path, const OpenOptions& options) {
  std::error_code error;
  const bool exists = std::filesystem::exists(path, error);
  if (exists && std::filesystem::is_directory(path, error)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "%s is a directory; --db needs a database file path", path.c_str());
  }
  if (!exists && (!options.create_if_missing || options.read_only)) return NotFound(path);
  if (exists) ARENASTORE_RETURN_IF_ERROR(CheckNotEmpty(path));
  if (options.read_only) return OpenReadOnly(path, options);
  if (!exists) ARENASTORE_RETURN_IF_ERROR(CreateWhole(path, options));
  return OpenWith(path, path, SQLITE_OPEN_READWRITE, options);
}

// SQLite creates a database file at 0 bytes and writes its first page only later, so another
// process opening the path in between could not tell it from an empty file left there. Here
// SQLite writes the first page (switching to WAL) into a temporary beside the path, which then
// moves into place unless another process's new store got there first; that one is used.
Status Database::CreateWhole(const std::string& path, const OpenOptions& options) {
  constexpr mode_t kSqliteFileMode = 0644;  // SQLite's SQLITE_DEFAULT_FILE_PERMISSIONS
  ARENASTORE_ASSIGN_OR_RETURN(AtomicFile file,
                              AtomicFile::Create(path, kSqliteFileMode & DefaultFileMode()));
  for (const char* companion : {"-journal", "-wal", "-shm"}) file.RemoveAlongside(companion);
  {
    constexpr int kFlags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    // Closing the only connection checkpoints the WAL into the file and removes it.
    ARENASTORE_ASSIGN_OR_RETURN(Database db,
                                OpenWith(path, file.temporary_path(), kFlags, options));
  }
  const Status moved = file.Commit(ExistingFile::kRefuse);
  if (moved.code() == ErrorCode::kInvalidArgument) return Status::Ok();  // it exists now
  return moved;
}

Result<Database> Database::OpenWith(const std::string& path, const std::string& name, int flags,
                                    const OpenOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(Database db, OpenHandle(path, name, flags, options));
  ARENASTORE_RETURN_IF_ERROR(db.Configure(options));
  return db;
}

Result<Database> Database::OpenHandle(const std::string& path, const std::string& name, int flags,
                                      const OpenOptions& options) {
  flags |= SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  sqlite3* handle = nullptr;
  const int result_code = sqlite3_open_v2(name.c_str(), &handle, flags, nullptr);
  // The handle exists even when opening failed (except out of memory) and must be closed.
  Database db(handle, path, options.busy_timeout_ms);
  if (result_code != SQLITE_OK) {
    return SqliteStatus(handle, result_code, "open " + path, "").WithContext("store");
  }
  return db;
}

Result<Database> Database::OpenReadOnly(const std::string& path, const OpenOptions& options) {
  constexpr int kFlags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
  ARENASTORE_ASSIGN_OR_RETURN(Database db,
                              OpenHandle(path, UriOf(path, "mode=ro"), kFlags, options));
  if (!db.CanReadWal()) {
    // Nobody has the store open (or its -shm would exist) and we may not create the WAL index:
    // the directory is not writable. Read the file as it stands, without SQLite's locks.
    ARENASTORE_ASSIGN_OR_RETURN(db, OpenHandle(path, UriOf(path, "immutable=1"), kFlags, options));
  }
  ARENASTORE_RETURN_IF_ERROR(db.Configure(options));
  return db;
}

// A read-only connection reads a WAL store through its -shm index, which it must be able to
// open or create; SQLite says READONLY or CANTOPEN at the first read when it cannot.
bool Database::CanReadWal() {
  sqlite3_stmt* statement = nullptr;
  int result_code =
      sqlite3_prepare_v2(db_, "SELECT count(*) FROM sqlite_schema", -1, &statement, nullptr);
  if (result_code == SQLITE_OK) result_code = sqlite3_step(statement);
  sqlite3_finalize(statement);
  const int primary = result_code & 0xff;
  return primary != SQLITE_CANTOPEN && primary != SQLITE_READONLY;
}

Status Database::Configure(const OpenOptions& options) {
  const int result_code = sqlite3_busy_handler(db_, &BusyWaitHandler, busy_wait_.get());
  if (result_code != SQLITE_OK) return SqliteStatus(db_, result_code, "busy handler", "");
  // Inspect before writing anything: a foreign file must leave this call unchanged.
  ARENASTORE_RETURN_IF_ERROR(CheckOwnership());
  if (!options.read_only) ARENASTORE_RETURN_IF_ERROR(EnableWal());
  return Exec("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;");
}

Status Database::EnableWal() {
  // Switching a new file to WAL needs a moment of exclusive access. When another process has
  // it open just then, SQLite either keeps the old mode (and says so in the result) or fails
  // with SQLITE_BUSY at once, without calling the busy handler. Retry both until the busy
  // timeout, so every connection works in WAL from its first transaction.
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(busy_wait_->timeout_ms);
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(Statement pragma, Prepare("PRAGMA journal_mode=WAL"));
    auto row = pragma.Step();
    if (!row.ok() && row.status().code() != ErrorCode::kStoreBusy) return row.status();
    if (row.ok() && *row && pragma.ColumnText(0) == "wal") return Status::Ok();
    if (std::chrono::steady_clock::now() >= deadline) {
      return Status::Error(ErrorCode::kStoreBusy,
                           "%s: could not switch to WAL journaling within %d ms (other processes "
                           "kept it open); retry",
                           path_.c_str(), busy_wait_->timeout_ms);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

Status Database::CheckOwnership() {
  // One statement reads one snapshot: another process may be creating the schema right now.
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement query, Prepare("SELECT (SELECT application_id FROM pragma_application_id()), "
                               "(SELECT count(*) FROM sqlite_schema)"));
  auto row = query.Step();
  if (!row.ok()) {
    Status status = row.status();
    return status.WithContext("open %s", path_.c_str());
  }
  const int64_t application_id = query.ColumnInt(0);
  const int64_t objects = query.ColumnInt(1);
  if (application_id == kApplicationId) return Status::Ok();
  if (application_id == 0 && objects == 0) return Status::Ok();  // a new, empty database
  return Status::Error(ErrorCode::kStoreForeignDatabase,
                       "%s is an SQLite database of another application (application_id "
                       "0x%x, %lld schema objects), not an arenastore store; it was not "
                       "modified. Point --db at an arenastore database or a new path",
                       path_.c_str(), static_cast<unsigned>(application_id),
                       static_cast<long long>(objects));
}

Result<Statement> Database::Prepare(std::string_view sql) {
  sqlite3_stmt* statement = nullptr;
  const int result_code =
      sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement, nullptr);
  if (result_code != SQLITE_OK) {
    sqlite3_finalize(statement);
    return SqliteStatus(db_, result_code, "prepare", sql);
  }
  return Statement(db_, statement, std::string(sql));
}

Status Database::Exec(std::string_view sql) {
  const std::string text(sql);
  const int result_code = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, nullptr);
  if (result_code != SQLITE_OK) return SqliteStatus(db_, result_code, "execute", sql);
  return Status::Ok();
}

Result<int64_t> Database::QueryInt(std::string_view sql) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement statement, Prepare(sql));
  ARENASTORE_ASSIGN_OR_RETURN(const bool row, statement.Step());
  return row ? statement.ColumnInt(0) : int64_t{0};
}

int64_t Database::LastInsertRowId() const { return sqlite3_last_insert_rowid(db_); }

}  // namespace arenastore::store
