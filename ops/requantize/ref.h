// Reference QUANTIZE between integer types, bit-exact with TensorFlow Lite Micro's Requantize:
// the centred input times the fixed-point multiplier, plus the output zero point, in int32 that
// wraps as TFLM's does, then clamped to the output type. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t RequantizeScratchBytes(const RequantizeParams& params);

Status Requantize(const RequantizeParams& params, const void* input, void* output,
                  std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
