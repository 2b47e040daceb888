// What SIGINT and SIGTERM do to an arenastore host process: remove the temporary files in flight,
// then end the process as the signal would; inside a DeferInterrupts scope, only mark the
// interrupt so the step in hand can finish. Used by backups (store) and the CLI's outputs (tools),
// so it lives in the lowest host layer. Async-signal-safe (fixed slots, unlink(), no heap); not
// thread-safe to register from several threads (the CLI is single-threaded).
#pragma once

#include <string>

namespace arenastore::store {

// A path longer than PATH_MAX - 1, or more than kInterruptCleanupSlots at once, is not registered
// (registered() is false); its owner still removes it on every normal path.
inline constexpr int kInterruptCleanupSlots = 8;

// Installs the SIGINT/SIGTERM handlers once; later calls do nothing.
void InstallInterruptHandlers();

// For a process whose signals belong to someone else (the Python module: the interpreter turns
// SIGINT into KeyboardInterrupt): the handlers are never installed, so InterruptCleanup and
// DeferInterrupts change nothing and temporary files are removed as their owners unwind.
// Call before any store work.
void LeaveSignalsToTheHost();

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
