// Reference int8 elementwise multiplication with numpy broadcasting, bit-exact with TensorFlow
// Lite's reference kernel: the product of the offset inputs, requantized with
// MultiplyByQuantizedMultiplier, offset and clamped. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (shapes that do not broadcast, shift out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t MulScratchBytes(const MulParams& params);

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
