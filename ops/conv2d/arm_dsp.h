// Arm DSP-extension int8 2-D convolution (Cortex-M4/M7/M33): im2col into int16 with the input
// offset already added, then dual 16-bit multiply-accumulates (SMLAD) over two output pixels at
// a time, bit-exact with kernels/ref/conv2d. Same params, operands and errors as the ref kernel.
// Scratch (Conv2dScratchBytes): two int16 im2col rows, 4 * al4(filter_h * filter_w * input_c /
// groups) bytes, 4-byte aligned; 0 for an unpadded ungrouped 1x1 conv (any stride), which reads
// input pixels directly. Never allocates. Portable outside DSP builds (see simd32.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

size_t Conv2dScratchBytes(const Conv2dParams& params);

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_dsp
