// pad's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and the one
// entry over them, x86::Pad<isa> (x86_common/x86_entry.h over PadEntry), named x86_avx2::Pad and
// x86_avx512vnni::Pad for the registry rows and tests. Bit-exact with ref: same params, operands
// and errors. No scratch.
#pragma once

#include "kernels/x86_common/data_movement_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels merge unpadded inner dimensions into runs, copy each run and fill each stretch of
// padding with vectors.

// x86_avx2: 32-byte vectors, the last partial one as overlapping narrower moves inside the run.
// x86_avx512vnni: 64-byte vectors, the last partial one under a byte mask.
ARENASTORE_X86_VARIANTS(pad, Pad, PadKernel, RunPad, PadEntry)
