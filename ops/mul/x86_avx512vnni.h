// x86_avx512vnni int8 mul, bit-exact with kernels/ref/mul: TensorFlow Lite's product of offset
// inputs and its requantization on 16 int32 lanes at a time, along the rows of the broadcast
// (x86_common/broadcast_rows.h), an input broadcast along a row being one value in a register.
// Same params, operands and errors as ref. No scratch. Never allocates; kKernelUnsupported
// when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// Always 0.
size_t MulScratchBytes(const MulParams& params);

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

// The split form (kernels/kernel_state.h): the checks, the broadcast walk and the output
// requantization table once, the table in the form's own scratch (MulSplitScratchBytes).
size_t MulSplitScratchBytes(const MulParams& params);
Status MulPrepare(const MulParams& params, std::span<uint8_t> scratch, KernelState* state);
Status MulRunPrepared(const MulParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state);

}  // namespace arenastore::kernels::x86_avx512vnni
