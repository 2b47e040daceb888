// Arm DSP-extension int8 depthwise convolution (Cortex-M4/M7/M33), bit-exact with
// kernels/ref/depthwise_conv2d; 16-bit multiply-accumulates (SMLABB/SMLATT) and the output stage
// of kernels/arm_dsp/requantize_dsp.h. Paths, chosen from the params alone: depth multiplier 1
// without the window buffer runs four channels at a time over the whole image (3x3 weights
// unpacked once, interior pixels without bounds checks); one input channel with a larger
// multiplier runs as a convolution, four channels per weight word and, at stride 2, two output
// pixels per input word; other larger multipliers take eight or four output channels of one
// input channel per input value; every other multiplier-1 filter first
// copies the pixel's window as int16 with the offset added. Scratch
// (DepthwiseConv2dScratchBytes): 0, or that window, 2 * input_c * filter_h * filter_w bytes,
// 4-byte aligned, for a multiplier of 1 without dilation unless the filter is 3x3 with at most
// one row/column of leading padding. Never allocates.
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
