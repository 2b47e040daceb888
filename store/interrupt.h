// What SIGINT and SIGTERM do to a host process of arenastore: they remove the temporary files
// in flight (so Ctrl-C never leaves a partial output or backup behind) and then end the process
// as the signal would; or, inside a DeferInterrupts scope, they only mark the interrupt so the
// step in hand (one re-plan, one device move) can finish and the caller can say what was done.
// Lives in store/, the lowest host layer, because backups (store) and the CLI's outputs (tools)
// both need it. The handler is async-signal-safe: fixed slots, unlink(), no heap. Paths longer
// than PATH_MAX - 1 or more than kInterruptCleanupSlots at once are not registered (Register
// returns false; the caller still removes them on every normal path). Not thread-safe to
// register from several threads; the CLI is single-threaded.
#pragma once

#include <string>

namespace arenastore::store {

inline constexpr int kInterruptCleanupSlots = 8;

// Installs the SIGINT/SIGTERM handlers once; later calls do nothing.
void InstallInterruptHandlers();

// While alive, an interrupt unlinks `path` before the process ends.
class InterruptCleanup {
 public:
  explicit InterruptCleanup(const std::string& path);
  ~InterruptCleanup();
  InterruptCleanup(const InterruptCleanup&) = delete;
  InterruptCleanup& operator=(const InterruptCleanup&) = delete;

  bool registered() const { return slot_ >= 0; }

 private:
  int slot_ = -1;
};

// While alive (scopes may nest), SIGINT/SIGTERM set InterruptRequested() and return: system calls
// are restarted, nothing is unlinked and the process keeps running.
class DeferInterrupts {
 public:
  DeferInterrupts();
  ~DeferInterrupts();
  DeferInterrupts(const DeferInterrupts&) = delete;
  DeferInterrupts& operator=(const DeferInterrupts&) = delete;
};

bool InterruptRequested();

// Flushes stdio and ends the process with the deferred signal's default action (the shell then
// reports 130 for SIGINT); returns only when no interrupt was requested.
void RaiseDeferredInterrupt();

}  // namespace arenastore::store
