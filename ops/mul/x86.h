// mul's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function, the one entry
// over them, x86::Mul<isa> (x86_common/x86_entry.h over MulEntry), named x86_avx2::Mul and
// x86_avx512vnni::Mul for the registry rows and tests, and x86_avx512vnni's split form. Bit-exact
// with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/elementwise_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels take TensorFlow Lite's product of offset inputs and its requantization a vector of
// int32 lanes at a time, along the rows of the broadcast (x86_common/broadcast_rows.h), an input
// broadcast along a row being one value in a register.

// x86_avx2: 8 lanes at a time.
// x86_avx512vnni: 16 lanes at a time.
ARENASTORE_X86_VARIANTS(mul, Mul, MulKernel, RunMul, MulEntry)

// x86_avx512vnni's split form (kernels/kernel_state.h): the checks, the broadcast walk and the
// output requantization table once, the table in the form's own scratch (MulSplitScratchBytes).
ARENASTORE_X86_ELEMENTWISE_SPLIT(Mul, MulParams)
