// x86_avx512vnni int8 batch matmul, bit-exact with kernels/ref/batch_matmul: every output batch
// runs on this variant's conv2d register tiles as a 1x1 convolution (zero rhs zero point) or on its
// fully_connected loops (see x86_common/batch_matmul_as_fc.h); operands stored transposed are
// copied into scratch. Same params, operands and errors as ref. Never allocates;
// kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// The transposed copies (rows x accum when adj_x, accum x cols unless adj_y), and with a zero
// rhs zero point the per-column scales and the 1x1 convolution's scratch.
size_t BatchMatmulScratchBytes(const BatchMatmulParams& params);

Status BatchMatmul(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                   int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
