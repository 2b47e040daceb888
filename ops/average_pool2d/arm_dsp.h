// Arm DSP-extension int8 average pooling (Cortex-M4/M7/M33): each window row is summed four
// channels at a time in 16-bit lanes (SXTAB16, at most 256 pixels per run so no lane
// overflows) and flushed into int32 per-channel sums; bit-exact with kernels/ref/average_pool2d.
// Same params, operands and errors as the ref kernel. Scratch (AveragePool2dScratchBytes): the
// int32 sums, 4 * channels bytes, 4-byte aligned. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

size_t AveragePool2dScratchBytes(const Pool2dParams& params);

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_dsp
