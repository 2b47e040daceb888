// Statement: one prepared SQLite statement (RAII; finalized in the destructor). Created by
// Database::Prepare. Binding indices are 1-based as in SQLite. Text and blob binds are copied
// by SQLite (SQLITE_TRANSIENT) unless the *Static variants say the caller keeps the bytes
// alive until the next Reset or Step to done. Errors carry the SQLite message and the SQL.
// Column accessors are valid after Step() returned true; their spans live until the next Step.
// Not thread-safe: one statement belongs to one connection and one thread.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.h"

struct sqlite3;
struct sqlite3_stmt;

namespace arenastore::store {

class Statement {
 public:
  Statement(sqlite3* db, sqlite3_stmt* statement, std::string sql);
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  ~Statement();

  Status Bind(int index, int64_t value);
  Status Bind(int index, std::string_view text);
  Status BindBlob(int index, std::span<const uint8_t> bytes);
  // The caller keeps `bytes` alive until the statement is reset or stepped to done.
  Status BindBlobStatic(int index, std::span<const uint8_t> bytes);
  Status BindNull(int index);

  // Binds every argument in order starting at index 1.
  template <typename... Args>
  Status BindAll(const Args&... args) {
    int index = 0;
    Status status;
    ((status.ok() ? (status = BindOne(++index, args), 0) : 0), ...);
    return status;
  }

  // true: a row is available; false: done.
  Result<bool> Step();
  // Steps until done; for statements that return no rows (or whose rows are ignored).
  Status Run();
  Status Reset();

  int64_t ColumnInt(int column) const;
  std::string ColumnText(int column) const;
  std::span<const uint8_t> ColumnBlob(int column) const;
  bool ColumnIsNull(int column) const;

  const std::string& sql() const { return sql_; }

 private:
  Status BindOne(int index, int64_t value) { return Bind(index, value); }
  Status BindOne(int index, int value) { return Bind(index, static_cast<int64_t>(value)); }
  Status BindOne(int index, const std::string& text) { return Bind(index, std::string_view(text)); }
  Status BindOne(int index, const char* text) { return Bind(index, std::string_view(text)); }
  Status BindOne(int index, std::string_view text) { return Bind(index, text); }
  Status Check(int result_code, const char* what) const;

  sqlite3* db_ = nullptr;
  sqlite3_stmt* statement_ = nullptr;
  std::string sql_;
};

}  // namespace arenastore::store
