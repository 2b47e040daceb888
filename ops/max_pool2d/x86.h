// max_pool2d's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and the
// one entry over them, x86::MaxPool2d<isa> (x86_common/x86_entry.h over MaxPool2dEntry), named
// x86_avx2::MaxPool2d and x86_avx512vnni::MaxPool2d for the registry rows and tests. Bit-exact
// with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/pool2d_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels take the maximum of the in-bounds part of each window (-128 if none is), clamped
// to the activation range as ref does (Int8Clamp). When a window's columns fit a stack buffer
// (filter_w x channels <= 1024, channels <= 512) an output row is pooled separably: the clamped
// maxima of the window rows of every column it reads, then of filter_w neighbouring columns;
// otherwise pixel by pixel.

// x86_avx2: 32 channels per ymm (16 or 8 per xmm, the last few one at a time).
// x86_avx512vnni: 64 channels per zmm under a byte mask; with stride 2 and 8, 16 or 32 channels,
// every other pixel of the stride-1 maxima gathered by a permute.
ARENASTORE_X86_VARIANTS(max_pool2d, MaxPool2d, Pool2dKernel, RunMaxPool2d, MaxPool2dEntry)
