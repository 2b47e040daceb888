// x86_avx2 int8 mul, bit-exact with kernels/ref/mul: TensorFlow Lite's product of offset inputs
// and its requantization on 8 int32 lanes at a time, along the rows of the broadcast
// (x86_common/broadcast_rows.h), an input broadcast along a row being one value in a register.
// Same params, operands and errors as ref. No scratch. Never allocates; kKernelUnsupported
// when the CPU lacks AVX2 or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx2 {

// Always 0.
size_t MulScratchBytes(const MulParams& params);

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx2
