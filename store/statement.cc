#include "store/statement.h"

#include <sqlite3.h>

#include <utility>

#include "store/sqlite_status.h"

namespace arenastore::store {

Statement::Statement(sqlite3* db, sqlite3_stmt* statement, std::string sql)
    : db_(db), statement_(statement), sql_(std::move(sql)) {}

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_),
      statement_(std::exchange(other.statement_, nullptr)),
      sql_(std::move(other.sql_)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(statement_);
    db_ = other.db_;
    statement_ = std::exchange(other.statement_, nullptr);
    sql_ = std::move(other.sql_);
  }
  return *this;
}

Statement::~Statement() { sqlite3_finalize(statement_); }

Status Statement::Check(int result_code, const char* what) const {
  if (result_code == SQLITE_OK) return Status::Ok();
  return SqliteStatus(db_, result_code, what, sql_);
}

Status Statement::Bind(int index, int64_t value) {
  return Check(sqlite3_bind_int64(statement_, index, value), "bind");
}

Status Statement::Bind(int index, std::string_view text) {
  return Check(sqlite3_bind_text64(statement_, index, text.data(), text.size(), SQLITE_TRANSIENT,
                                   SQLITE_UTF8),
               "bind");
}

Status Statement::BindBlob(int index, std::span<const uint8_t> bytes) {
  // SQLite treats a null pointer as SQL NULL; an empty artifact is still an empty blob.
  static const uint8_t kEmpty = 0;
  const void* data = bytes.empty() ? &kEmpty : bytes.data();
  return Check(sqlite3_bind_blob64(statement_, index, data, bytes.size(), SQLITE_TRANSIENT),
               "bind");
}

Status Statement::BindBlobStatic(int index, std::span<const uint8_t> bytes) {
  static const uint8_t kEmpty = 0;
  const void* data = bytes.empty() ? &kEmpty : bytes.data();
  return Check(sqlite3_bind_blob64(statement_, index, data, bytes.size(), SQLITE_STATIC), "bind");
}

Status Statement::BindNull(int index) {
  return Check(sqlite3_bind_null(statement_, index), "bind");
}

Result<bool> Statement::Step() {
  const int result_code = sqlite3_step(statement_);
  if (result_code == SQLITE_ROW) return true;
  if (result_code == SQLITE_DONE) return false;
  return SqliteStatus(db_, result_code, "execute", sql_);
}

Status Statement::Run() {
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, Step());
    if (!row) return Status::Ok();
  }
}

Status Statement::Reset() {
  sqlite3_clear_bindings(statement_);
  return Check(sqlite3_reset(statement_), "reset");
}

int64_t Statement::ColumnInt(int column) const { return sqlite3_column_int64(statement_, column); }

std::string Statement::ColumnText(int column) const {
  const unsigned char* text = sqlite3_column_text(statement_, column);
  if (text == nullptr) return std::string();
  return std::string(reinterpret_cast<const char*>(text),
                     static_cast<size_t>(sqlite3_column_bytes(statement_, column)));
}

std::span<const uint8_t> Statement::ColumnBlob(int column) const {
  const void* data = sqlite3_column_blob(statement_, column);
  const int size = sqlite3_column_bytes(statement_, column);
  if (data == nullptr || size <= 0) return {};
  return {static_cast<const uint8_t*>(data), static_cast<size_t>(size)};
}

bool Statement::ColumnIsNull(int column) const {
  return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

}  // namespace arenastore::store
