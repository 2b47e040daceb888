// Arm DSP-extension int8 depthwise convolution (Cortex-M4/M7/M33), four channels per step with
// 16-bit multiply-accumulates (SMLABB/SMLATT), bit-exact with kernels/ref/depthwise_conv2d.
// Same params, operands and errors as the ref kernel. Two paths, chosen from the params alone:
// a 3x3 filter with at most one row/column of leading padding, and any depth multiplier other
// than 1 or any dilation, read the input directly with bounds checks (no scratch); every other
// filter first copies the pixel's window as int16 with the offset added, so the inner loop has
// no bounds checks. Scratch (DepthwiseConv2dScratchBytes): 0, or that window,
// 2 * input_c * filter_h * filter_w bytes, 4-byte aligned. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_dsp
