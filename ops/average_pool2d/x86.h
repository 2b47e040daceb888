// average_pool2d's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and
// the one entry over them, x86::AveragePool2d<isa> (x86_common/x86_entry.h over
// AveragePool2dEntry, which refuses a window entirely in padding as ref does), named
// x86_avx2::AveragePool2d and x86_avx512vnni::AveragePool2d for the registry rows and tests.
// Bit-exact with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/pool2d_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels sum windows of up to 256 elements whose columns fit a stack buffer (filter_w x
// channels <= 512, channels <= 256) separably in int16 lanes, an output row at a time, and divide
// by one fma proven exact for those counts. Other windows: each window's sums in int32 lanes,
// divided by the window's count in float up to 65,536 elements and in double beyond (both exact:
// see the kernel files), with ref's rounding away from zero. A 1x1 window is a clamped copy.

// Other windows 8 channels at a time.
namespace arenastore::kernels::x86_avx2::internal {
void RunAveragePool2d(const x86::Pool2dJob& job);  // average_pool2d/x86_avx2_kernel.cc
}  // namespace arenastore::kernels::x86_avx2::internal

// Separable rows: the row sums of every column the row reads, then sums of filter_w neighbouring
// columns (with stride 2 and 4, 8 or 16 channels, every other pixel of the stride-1 sums gathered
// by a permute); where windows are clipped by the padding, a float division with a count per
// lane. Other windows 16 channels at a time (at most 8 remaining in a ymm).
namespace arenastore::kernels::x86_avx512vnni::internal {
void RunAveragePool2d(const x86::Pool2dJob& job);  // average_pool2d/x86_avx512vnni_kernel.cc
}  // namespace arenastore::kernels::x86_avx512vnni::internal

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<Pool2dKernel> kAveragePool2dX86 = {
    {"average_pool2d/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::RunAveragePool2d)},
    {"average_pool2d/x86_avx512vnni",
     ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunAveragePool2d)}};
template <Isa kIsa>
using AveragePool2d = X86Entry<kIsa, AveragePool2dEntry, kAveragePool2dX86>;
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY_NAMES(AveragePool2d)
