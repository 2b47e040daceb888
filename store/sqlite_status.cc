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
  const std::string sql_text = sql.empty() ? std::string() : " [SQL: " + Shorten(sql) + "]";
  if (IsBusy(result_code)) {
    return Status::Error(ErrorCode::kStoreBusy,
                         "%s: the database is busy (%s, code %d)%s: another process held it "
                         "past the busy timeout; retry, or raise $ARENASTORE_BUSY_TIMEOUT_MS",
                         what_text.c_str(), sqlite_message, result_code, sql_text.c_str());
  }
  if (primary == SQLITE_NOTADB) {
    return Status::Error(ErrorCode::kStoreForeignDatabase,
                         "%s: the file is not an SQLite database (%s); point --db at an "
                         "arenastore database or a new path",
                         what_text.c_str(), sqlite_message);
  }
  if (primary == SQLITE_CORRUPT) {
    return Status::Error(ErrorCode::kIntegrity,
                         "%s: the database is corrupt (%s)%s; restore it from a backup "
                         "(`arenastore db backup` writes one)",
                         what_text.c_str(), sqlite_message, sql_text.c_str());
  }
  return Status::Error(ErrorCode::kStore, "%s: %s (sqlite code %d)%s", what_text.c_str(),
                       sqlite_message, result_code, sql_text.c_str());
}

}  // namespace arenastore::store
