#include "store/transaction.h"

#include <sqlite3.h>

#include <utility>

namespace arenastore::store {

Result<Transaction> Transaction::Begin(Database& db) {
  ARENASTORE_RETURN_IF_ERROR(db.Exec("BEGIN IMMEDIATE"));
  return Transaction(&db);
}

Transaction::Transaction(Transaction&& other) noexcept : db_(std::exchange(other.db_, nullptr)) {}

Transaction::~Transaction() {
  // SQLite may already have rolled back (e.g. after SQLITE_NOMEM or SQLITE_FULL).
  if (db_ != nullptr && !sqlite3_get_autocommit(db_->handle())) {
    sqlite3_exec(db_->handle(), "ROLLBACK", nullptr, nullptr, nullptr);
  }
}

Status Transaction::Commit() {
  Status status = db_->Exec("COMMIT");
  if (status.ok()) db_ = nullptr;
  return status;
}

}  // namespace arenastore::store
