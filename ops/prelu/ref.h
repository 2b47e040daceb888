// Reference int8 PRELU with numpy broadcasting of alpha, bit-exact with TensorFlow Lite Micro's
// reference kernel: a centred input >= 0 is rescaled by the positive multiplier, a negative one
// times its centred alpha by the negative multiplier (MultiplyByQuantizedMultiplier both), then
// offset and clamped to int8. Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (shapes that do not
// broadcast, shifts or offsets out of range).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t PreluScratchBytes(const PreluParams& params);

Status Prelu(const PreluParams& params, const int8_t* input, const int8_t* alpha, int8_t* output,
             std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
