#include "store/sqlite_status.h"

#include <sqlite3.h>

#include <string>

namespace arenastore::store {
namespace {

// Status messages are bounded; keep the SQL short enough that the SQLite message survives.
constexpr size_t kMaxSqlChars = 160;

std::string Shorten(std::string_view sql) {
  std::string text;
  for (char c : sql) {
    const bool space = c == '\n' || c == '\t' || c == ' ';
    if (space && (text.empty() || text.back() == ' ')) continue;
    text.push_back(space ? ' ' : c);
  }
  if (text.size() > kMaxSqlChars) text = text.substr(0, kMaxSqlChars) + "...";
  return text;
}

}  // namespace

bool IsBusy(int result_code) {
  const int primary = result_code & 0xff;
  return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

Status SqliteStatus(sqlite3* db, int result_code, std::string_view what, std::string_view sql) {
  const int primary = result_code & 0xff;
  const char* sqlite_message = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(result_code);
  const std::string what_text(what);
  // For people first; SQLite's own words, code and SQL last, in the one bracket the CLI leaves
  // out unless --verbose (tools/error_report.h).
  std::string details = "[sqlite: " + std::string(sqlite_message) + ", code " +
                        std::to_string(result_code) +
                        (sql.empty() ? std::string() : "; SQL: " + Shorten(sql)) + "]";
  if (IsBusy(result_code)) {
    return Status::Error(ErrorCode::kStoreBusy,
                         "%s: the store is busy: another process held it past the busy timeout; "
                         "retry, or raise $ARENASTORE_BUSY_TIMEOUT_MS %s",
                         what_text.c_str(), details.c_str());
  }
  switch (primary) {
    case SQLITE_NOTADB:
      return Status::Error(ErrorCode::kStoreForeignDatabase,
                           "%s: the file is not an SQLite database; point --db at an arenastore "
                           "database or a new path %s",
                           what_text.c_str(), details.c_str());
    case SQLITE_CORRUPT:
      return Status::Error(ErrorCode::kIntegrity,
                           "%s: the database is corrupt; restore it from a backup (`arenastore "
                           "db backup` writes one) %s",
                           what_text.c_str(), details.c_str());
    case SQLITE_READONLY:
      return Status::Error(ErrorCode::kStore,
                           "%s: the store is read-only here (its file or directory is not "
                           "writable for you); verbs that only read it still work %s",
                           what_text.c_str(), details.c_str());
    case SQLITE_CANTOPEN:
      return Status::Error(ErrorCode::kStore,
                           "%s: cannot open the store file; check the path and its permissions %s",
                           what_text.c_str(), details.c_str());
    case SQLITE_CONSTRAINT:
      // Triggers and CHECKs word their refusals for people (migrations/*.sql).
      return Status::Error(ErrorCode::kStore, "%s: the store refused the change: %s %s",
                           what_text.c_str(), sqlite_message, details.c_str());
  }
  return Status::Error(ErrorCode::kStore, "%s: %s %s", what_text.c_str(), sqlite_message,
                       details.c_str());
}

}  // namespace arenastore::store
