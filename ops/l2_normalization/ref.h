// Reference int8 L2 normalization over the last dimension, bit-exact with TensorFlow Lite Micro's
// reference kernel: the row's sum of squared centred inputs gives a fixed-point 1/sqrt (gemmlowp
// Newton-Raphson in Q3.28) by which each centred input is rescaled to units of 1/128, clamped.
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (bad sizes or zero point).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t L2NormalizationScratchBytes(const L2NormalizationParams& params);

Status L2Normalization(const L2NormalizationParams& params, const int8_t* input, int8_t* output,
                       std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
