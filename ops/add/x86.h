// add's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function, whose loops
// (x86_avx2_add_sub.h, x86_avx512vnni_add_sub.h) sub's variants share, the one entry over them,
// x86::Add<isa> (x86_common/x86_entry.h over AddEntry), named x86_avx2::Add and
// x86_avx512vnni::Add for the registry rows and tests, and x86_avx512vnni's split form.
// Bit-exact with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/elementwise_entry.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86 {

// What the shared add/sub loops do with the second scaled operand: add it (add) or subtract it
// (sub); everything else, rescaling, requantization and clamping, is the same.
enum class SecondOperand { kAdded, kSubtracted };

}  // namespace arenastore::kernels::x86

// Both kernels apply TensorFlow Lite's three rescalings a vector of int32 lanes at a time, along
// the rows of the broadcast (x86_common/broadcast_rows.h), an input that is broadcast along a row
// being one value repeated in a register.

// x86_avx2: 8 lanes at a time.
// x86_avx512vnni: 16 lanes at a time.
ARENASTORE_X86_VARIANTS(add, Add, AddKernel, RunAdd, AddEntry)

// x86_avx512vnni's split form (kernels/kernel_state.h): the checks, the broadcast walk and the
// output requantization table once, the table in the form's own scratch (AddSplitScratchBytes).
ARENASTORE_X86_ELEMENTWISE_SPLIT(Add, AddParams)
