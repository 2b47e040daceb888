// The kernels' own scratch-size assert. In production the gate has already proved that every
// kernel gets at least its scratch_bytes(), so the check costs nothing unless the build
// defines ARENASTORE_KERNEL_CHECKS (tests do). Used at the top of every kernel variant.
#pragma once

#include <cstddef>

#include "base/status.h"

#if defined(ARENASTORE_KERNEL_CHECKS)
#define ARENASTORE_CHECK_SCRATCH(op_name, given_bytes, needed_bytes)                        \
  do {                                                                                      \
    const size_t arenastore_given_ = (given_bytes);                                         \
    const size_t arenastore_needed_ = (needed_bytes);                                       \
    if (arenastore_given_ < arenastore_needed_) {                                           \
      return ::arenastore::Status::Error(::arenastore::ErrorCode::kKernelScratchTooSmall,   \
                                         "%s: given %zu scratch bytes, needs %zu", op_name, \
                                         arenastore_given_, arenastore_needed_);            \
    }                                                                                       \
  } while (0)
#else
// Unevaluated mentions keep the arguments "used" (no -Wunused-parameter) at zero cost.
#define ARENASTORE_CHECK_SCRATCH(op_name, given_bytes, needed_bytes) \
  do {                                                               \
    static_cast<void>(sizeof(op_name));                              \
    static_cast<void>(sizeof(given_bytes));                          \
    static_cast<void>(sizeof(needed_bytes));                         \
  } while (0)
#endif
