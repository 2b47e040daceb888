// Reference int8 transpose, as TensorFlow Lite's Transpose on bytes: output dimension d walks
// input dimension perm[d]. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (a walk outside the
// input, bad rank).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t TransposeScratchBytes(const TransposeParams& params);

Status Transpose(const TransposeParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
