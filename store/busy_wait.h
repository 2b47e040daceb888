// BusyWait: the SQLite busy handler of every store connection. When another process holds the
// write lock, SQLite calls it until it returns 0 (then the statement fails with SQLITE_BUSY,
// which the store reports as kStoreBusy). SQLite's built-in busy_timeout sleeps up to 100 ms
// between attempts, so under many concurrent writers a waiter keeps waking inside someone
// else's transaction and can starve past its timeout; this handler polls every 1-4 ms with
// per-connection random jitter so waiters get the lock in roughly fair turns.
// One BusyWait per connection, at a stable address (the connection keeps a pointer to it).
#pragma once

#include <chrono>
#include <cstdint>

namespace arenastore::store {

struct BusyWait {
  explicit BusyWait(int32_t timeout_ms);

  int32_t timeout_ms;
  std::chrono::steady_clock::time_point started;
  uint64_t random_state;
};

// The sqlite3_busy_handler callback; `context` is a BusyWait*. `attempts` is 0 on the first
// call for each lock SQLite waits for, which restarts the clock.
int BusyWaitHandler(void* context, int attempts);

}  // namespace arenastore::store
