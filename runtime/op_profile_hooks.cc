#include "runtime/op_profile_hooks.h"

// Weak, and closed to interprocedural optimisation (no inlining, cloning or folding of the two
// into one), so each call stays, at an address a profiler can find.
extern "C" __attribute__((weak, noipa, used)) void arenastore_op_begin(int32_t op_index) {
  static_cast<void>(op_index);
  asm volatile("");
}

extern "C" __attribute__((weak, noipa, used)) void arenastore_op_end(int32_t op_index) {
  static_cast<void>(op_index);
  asm volatile("");
}
