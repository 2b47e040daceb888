// Transaction: BEGIN IMMEDIATE on construction (through Begin), ROLLBACK in the destructor
// unless Commit() succeeded. Called by every store operation that writes. IMMEDIATE takes the
// write lock up front, so a writer waits in the busy handler (up to the busy timeout) instead
// of failing half-way with SQLITE_BUSY when a read would have to become a write.
// Does not own the Database; it must outlive the Transaction. Errors: kStoreBusy, kStore.
#pragma once

#include "base/result.h"
#include "store/database.h"

namespace arenastore::store {

class Transaction {
 public:
  static Result<Transaction> Begin(Database& db);

  Transaction(Transaction&& other) noexcept;
  Transaction& operator=(Transaction&&) = delete;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  ~Transaction();

  // After a failed Commit the transaction is rolled back (by SQLite or by the destructor).
  Status Commit();

 private:
  explicit Transaction(Database* db) : db_(db) {}

  Database* db_ = nullptr;  // null once committed or moved from
};

}  // namespace arenastore::store
