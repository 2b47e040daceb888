// x86_avx512vnni int8 concatenation, bit-exact with kernels/ref/concatenation: each input's slab
// per outer index copied with 64-byte vectors (the last partial one under a byte mask). Same
// params, operands and errors as ref. No scratch. Never allocates; kKernelUnsupported when the CPU
// lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// Always 0.
size_t ConcatenationScratchBytes(const ConcatenationParams& params);

Status Concatenation(const ConcatenationParams& params, const int8_t* const* inputs, int8_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
