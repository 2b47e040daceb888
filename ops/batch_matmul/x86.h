// batch_matmul's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::BatchMatmul<isa>
// (x86.cc), named x86_avx2::BatchMatmul and x86_avx512vnni::BatchMatmul for the registry rows and
// tests, over the ISA's conv2d and fully_connected (x86_common/batch_matmul_as_fc.h). Bit-exact
// with ref: same params, operands and errors. Never allocates; kKernelUnsupported when the CPU
// lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/x86_entry.h"

// Every output batch runs on the ISA's conv2d register tiles as a 1x1 convolution (zero rhs zero
// point) or on its fully_connected loops; operands stored transposed are copied into scratch.

// x86::BatchMatmul<isa>::ScratchBytes: the transposed copies (rows x accum when adj_x, accum x cols
// unless adj_y), and with a zero rhs zero point the per-column scales and the 1x1 convolution's
// scratch.
ARENASTORE_X86_SCRATCH_ENTRY(BatchMatmul, BatchMatmulParams, const int8_t* lhs, const int8_t* rhs,
                             int8_t* output)
