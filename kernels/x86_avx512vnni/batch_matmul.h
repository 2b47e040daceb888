// x86_avx512vnni int8 batch matmul, bit-exact with kernels/ref/batch_matmul: every output batch
// runs as a fully connected layer on this variant's fully_connected inner loops, AVX-512 VNNI
// (VPDPBUSD on sign-flipped uint8) (see x86_common/batch_matmul_as_fc.h); operands stored
// transposed are copied into scratch. Same params, operands and errors as ref. Never allocates;
// kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// The transposed copies: rows x accum when adj_x, accum x cols unless adj_y.
size_t BatchMatmulScratchBytes(const BatchMatmulParams& params);

Status BatchMatmul(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                   int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
