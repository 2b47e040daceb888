// sub's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function, add's loops
// (ops/add/x86_avx2_add_sub.h, x86_avx512vnni_add_sub.h) subtracting the second scaled operand,
// and the one entry over them, x86::Sub<isa> (x86_common/x86_entry.h over SubEntry, with sub's own
// params check), named x86_avx2::Sub and x86_avx512vnni::Sub for the registry rows and tests.
// Bit-exact with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/elementwise_entry.h"
#include "kernels/x86_common/x86_entry.h"

// x86_avx2: 8 lanes at a time.
// x86_avx512vnni: 16 lanes at a time, with add's fast path for the common left shifts.
ARENASTORE_X86_VARIANTS(sub, Sub, AddKernel, RunSub, SubEntry)
