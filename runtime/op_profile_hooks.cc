#include "runtime/op_profile_hooks.h"

// Weak, and closed to interprocedural optimisation (no inlining, cloning or folding of the two
// into one), so each call stays, at an address a profiler can find. Clang (the fuzz build) has
// no noipa; there weak and noinline keep the calls.
#if defined(__clang__)
#define ARENASTORE_PROFILE_HOOK __attribute__((weak, noinline, used))
#else
#define ARENASTORE_PROFILE_HOOK __attribute__((weak, noipa, used))
#endif

extern "C" ARENASTORE_PROFILE_HOOK void arenastore_op_begin(int32_t op_index) {
  static_cast<void>(op_index);
  asm volatile("");
}

extern "C" ARENASTORE_PROFILE_HOOK void arenastore_op_end(int32_t op_index) {
  static_cast<void>(op_index);
  asm volatile("");
}
