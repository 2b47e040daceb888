// x86_avx512vnni int8 constant padding, bit-exact with kernels/ref/pad: unpadded inner dimensions
// merged into runs, each run copied and each stretch of padding filled with 64-byte vectors (the
// last partial one under a byte mask). Same params, operands and errors as ref. No scratch. Never
// allocates; kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// Always 0.
size_t PadScratchBytes(const PadParams& params);

Status Pad(const PadParams& params, const int8_t* input, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
