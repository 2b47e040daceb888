// Arm Helium (MVE) int8 depthwise convolution (Cortex-M55/M85), bit-exact with
// kernels/ref/depthwise_conv2d; same params, operands and errors as the ref kernel.
// With depth multiplier 1 and no dilation, the windows of four output pixels are gathered for a
// block of up to kChannelBlock channels into a fixed buffer (padding holds the zero point), then
// each four channels accumulate in int32 lanes (VMLA) with the input offset folded in through
// the filter's per-channel sum. Other params read the input directly (no scratch).
// Scratch (DepthwiseConv2dScratchBytes): 4 * kChannelBlock * filter_h * filter_w bytes for the
// block buffer, independent of the channel count, or 0. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

// Channels gathered per pass; bounds the buffer whatever the layer's width.
inline constexpr int32_t kChannelBlock = 124;

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
