// Arm Helium (MVE) int8 average pooling (Cortex-M55/M85): each output pixel's window is summed
// four channels at a time in int32 vector lanes held in registers, so no per-channel buffer is
// needed; bit-exact with kernels/ref/average_pool2d. Same params, operands and errors as the ref
// kernel. Needs no scratch. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

// Always 0.
size_t AveragePool2dScratchBytes(const Pool2dParams& params);

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
