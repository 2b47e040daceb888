// The size of add's variant sweep (add_sweep_cases.cc), for sub's (ops/sub/sub_sweep_cases.cc),
// which runs add's cases as sub: a constant, so both sweeps stay constant-initialized data.
// add_sweep_cases.cc asserts it equals the sum of its parts.
#pragma once

#include <cstdint>

namespace arenastore::kernels::sweep {

inline constexpr int32_t kAddSweepCases = 1674;

}  // namespace arenastore::kernels::sweep
