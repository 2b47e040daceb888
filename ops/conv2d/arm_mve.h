// Arm Helium (MVE) int8 2-D convolution (Cortex-M55/M85): four output pixels at a time, each
// output channel a 16-lane multiply-accumulate across four int8 im2col rows (VMLADAVA) with the
// input offset folded in afterwards through the filter row's sum; bit-exact with
// kernels/ref/conv2d. Same params, operands and errors as the ref kernel.
// Scratch (Conv2dScratchBytes): four int8 im2col rows of 16-lane chunks,
// 4 * al16(filter_h * filter_w * input_c / groups) bytes; 0 for an unpadded ungrouped 1x1 conv
// (any stride), which reads input pixels directly. Never allocates. Portable outside MVE builds
// (see helium.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

size_t Conv2dScratchBytes(const Conv2dParams& params);

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
