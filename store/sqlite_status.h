// Turns an SQLite result code into a Status: a message for people first (what failed, what to
// do), then SQLite's own message, the result code and the SQL in one trailing
// "[sqlite: MESSAGE, code N; SQL: ...]" that the CLI shows only under --verbose; and an
// ErrorCode a caller (and the CLI's exit-code mapping) can act on. Called by the wrapper only
// (database, statement, transaction). Heap OK; never throws.
//   SQLITE_BUSY / SQLITE_LOCKED -> kStoreBusy (another process held the lock past the timeout)
//   SQLITE_NOTADB               -> kStoreForeignDatabase (the file is not an SQLite database)
//   SQLITE_CORRUPT              -> kIntegrity
//   SQLITE_READONLY             -> kStore ("the store is read-only here")
//   anything else               -> kStore
#pragma once

#include <string_view>

#include "base/status.h"

struct sqlite3;

namespace arenastore::store {

// `what` says what was attempted ("prepare", "insert blob"); `sql` may be empty.
Status SqliteStatus(sqlite3* db, int result_code, std::string_view what, std::string_view sql);

// True for the result codes SqliteStatus maps to kStoreBusy.
bool IsBusy(int result_code);

}  // namespace arenastore::store
