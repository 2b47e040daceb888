// Helpers shared by the store tests: a scratch directory per test and a deterministic dump of
// a database (schema + every row), so "the database is unchanged" is a string comparison.
// Header-only because tests/<folder>/ globs only *_test.cc into the suite.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>

#include "store/database.h"

namespace arenastore::store::testing {

class ScratchDir {
 public:
  // `prefer_memory`: under /dev/shm when it exists, for tests whose point is not the disk and
  // that would otherwise spend their time in fsync.
  explicit ScratchDir(bool prefer_memory = false) {
    static std::atomic<int> counter{0};
    std::error_code error;
    const bool memory = prefer_memory && std::filesystem::is_directory("/dev/shm", error);
    const std::filesystem::path base =
        memory ? std::filesystem::path("/dev/shm") : std::filesystem::temp_directory_path();
    path_ = base /
            ("arenastore_store_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  std::string File(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Opens with the store's settings or fails the test.
inline Database OpenOrDie(const std::string& path, OpenOptions options = {}) {
  auto db = Database::Open(path, options);
  if (!db.ok()) {
    ADD_FAILURE() << "open " << path << ": " << db.status().message();
    std::abort();
  }
  return std::move(db.value());
}

inline std::string QueryText(sqlite3* db, const std::string& sql) {
  std::string text;
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
    text = "prepare failed: ";
    text += sqlite3_errmsg(db);
    return text + "\n";
  }
  while (sqlite3_step(statement) == SQLITE_ROW) {
    for (int column = 0; column < sqlite3_column_count(statement); ++column) {
      if (column > 0) text += '|';
      if (sqlite3_column_type(statement, column) == SQLITE_NULL) {
        text += "NULL";
      } else if (sqlite3_column_type(statement, column) == SQLITE_BLOB) {
        text += "blob:";
        text += std::to_string(sqlite3_column_bytes(statement, column));
        const auto* bytes =
            static_cast<const unsigned char*>(sqlite3_column_blob(statement, column));
        unsigned hash = 2166136261u;  // FNV-1a, enough to notice any changed byte
        for (int i = 0; i < sqlite3_column_bytes(statement, column); ++i) {
          hash = (hash ^ bytes[i]) * 16777619u;
        }
        text += ':';
        text += std::to_string(hash);
      } else {
        text += reinterpret_cast<const char*>(sqlite3_column_text(statement, column));
      }
    }
    text += '\n';
  }
  sqlite3_finalize(statement);
  return text;
}

// The schema (sorted) plus user_version and application_id, as SQL text.
inline std::string DumpSchema(Database& db) {
  return "-- application_id=" + QueryText(db.handle(), "PRAGMA application_id") +
         "-- user_version=" + QueryText(db.handle(), "PRAGMA user_version") +
         QueryText(db.handle(),
                   "SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL "
                   "ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END, name");
}

// Schema and every row of every table, in a deterministic order.
inline std::string DumpDatabase(Database& db) {
  std::string dump = DumpSchema(db);
  const std::string tables =
      QueryText(db.handle(), "SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
  size_t start = 0;
  while (start < tables.size()) {
    const size_t end = tables.find('\n', start);
    const std::string table = tables.substr(start, end - start);
    start = end + 1;
    dump += "== " + table + "\n" +
            QueryText(db.handle(), "SELECT * FROM \"" + table + "\" ORDER BY 1, 2");
  }
  return dump;
}

inline std::string IntegrityCheck(Database& db) {
  return QueryText(db.handle(), "PRAGMA integrity_check") +
         QueryText(db.handle(), "PRAGMA foreign_key_check");
}

}  // namespace arenastore::store::testing
