// Reference CAST: static_cast of each element to the output type, as TensorFlow Lite Micro's
// kernel (narrowing integers wrap modulo 2^bits; int32 to float32 rounds to nearest). Called
// through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t CastScratchBytes(const CastParams& params);

Status Cast(const CastParams& params, const void* input, void* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
