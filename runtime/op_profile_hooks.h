// Per-operator profiling hooks: Executor::Invoke calls arenastore_op_begin(i) right before op
// i's kernel and arenastore_op_end(i) right after it returns. The defaults (op_profile_hooks.cc)
// are empty and weak, each in this one translation unit, so firmware can override them (read a
// cycle counter, toggle a GPIO) and scripts/device_bench.sh's QEMU plugin can count the
// instructions between them. Overrides must not allocate, throw or touch the op's memory.
#pragma once

#include <cstdint>

extern "C" void arenastore_op_begin(int32_t op_index);
extern "C" void arenastore_op_end(int32_t op_index);
