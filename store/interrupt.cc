#include "store/interrupt.h"

#include <limits.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>

namespace arenastore::store {
namespace {

// A slot is claimed (in_use) before its path is written and armed only after, so the handler
// never reads a path being written.
struct CleanupSlot {
  std::atomic<bool> in_use{false};
  std::atomic<bool> armed{false};
  char path[PATH_MAX] = {};
};

CleanupSlot g_slots[kInterruptCleanupSlots];
std::atomic<int> g_defer_depth{0};
std::atomic<int> g_deferred_signal{0};
std::atomic<bool> g_installed{false};

static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "the signal handler needs lock-free atomics");

extern "C" void OnInterrupt(int signal_number) {
  if (g_defer_depth.load() > 0) {
    g_deferred_signal.store(signal_number);
    return;
  }
  for (CleanupSlot& slot : g_slots) {
    if (slot.armed.load()) unlink(slot.path);
  }
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

}  // namespace

void InstallInterruptHandlers() {
  if (g_installed.exchange(true)) return;
  struct sigaction action = {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // deferred interrupts must not fail SQLite's reads and writes
  for (int signal_number : {SIGINT, SIGTERM}) {
    struct sigaction previous = {};
    sigaction(signal_number, nullptr, &previous);
    // A shell runs background jobs with SIGINT ignored; keep that choice.
    if (previous.sa_handler == SIG_IGN) continue;
    sigaction(signal_number, &action, nullptr);
  }
}

void LeaveSignalsToTheHost() { g_installed.store(true); }

InterruptCleanup::InterruptCleanup(const std::string& path) {
  if (path.size() >= PATH_MAX) return;
  InstallInterruptHandlers();
  for (int i = 0; i < kInterruptCleanupSlots; ++i) {
    bool expected = false;
    if (!g_slots[i].in_use.compare_exchange_strong(expected, true)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].armed.store(true);
    slot_ = i;
    return;
  }
}

InterruptCleanup::~InterruptCleanup() {
  if (slot_ < 0) return;
  g_slots[slot_].armed.store(false);
  g_slots[slot_].in_use.store(false);
}

DeferInterrupts::DeferInterrupts() {
  InstallInterruptHandlers();
  g_defer_depth.fetch_add(1);
}

DeferInterrupts::~DeferInterrupts() { g_defer_depth.fetch_sub(1); }

bool InterruptRequested() { return g_deferred_signal.load() != 0; }

void RaiseDeferredInterrupt() {
  const int signal_number = g_deferred_signal.load();
  if (signal_number == 0) return;
  std::fflush(nullptr);  // what the caller reported must not die in a stdio buffer
  ::signal(signal_number, SIG_DFL);
  ::raise(signal_number);
}

}  // namespace arenastore::store
