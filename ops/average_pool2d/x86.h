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

// x86_avx2: other windows 8 channels at a time.
// x86_avx512vnni: separable rows: the row sums of every column the row reads, then sums of filter_w
// neighbouring columns (with stride 2 and 4, 8 or 16 channels, every other pixel of the stride-1
// sums gathered by a permute); where windows are clipped by the padding, a float division with a
// count per lane. Other windows 16 channels at a time (at most 8 remaining in a ymm).
ARENASTORE_X86_VARIANTS(average_pool2d, AveragePool2d, Pool2dKernel, RunAveragePool2d,
                        AveragePool2dEntry)
