// Reference DEQUANTIZE: float32 output = scale * (input - zero_point), bit-exact with TensorFlow
// Lite Micro (which multiplies in double: the product of a float scale and a 17-bit integer is
// exact in double, so rounding it once to float equals one float multiply, done here).
// Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t DequantizeScratchBytes(const DequantizeParams& params);

Status Dequantize(const DequantizeParams& params, const void* input, float* output,
                  std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
