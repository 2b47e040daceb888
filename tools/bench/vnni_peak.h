// The machine's int8 multiply-accumulate peak on one core, the yardstick of the kernel
// benchmark's "% of VNNI peak" column: a tight loop of independent VPDPBUSD zmm accumulators
// (no loads, no dependency chains shorter than the instruction's latency), so the only limit
// is how many VPDPBUSD the core retires per cycle. Compiled with AVX-512 VNNI flags in its own
// file; call only when kernels::CpuSupportsIsa(kX86Avx512Vnni). Never allocates.
#pragma once

#include <cstdint>

namespace arenastore::bench {

// Multiply-accumulates one round of VnniPeakLoop performs (accumulators x 16 lanes x 4 bytes).
int64_t VnniPeakMacsPerRound();

// Runs `rounds` rounds; returns a value that depends on every accumulator, so the compiler
// cannot drop the work. Returns 0 at once on builds that are not x86-64.
int64_t VnniPeakLoop(int64_t rounds);

}  // namespace arenastore::bench
