// Reference int8 and 16x8 depthwise convolution, bit-exact with TensorFlow Lite's
// DepthwiseConvPerChannel of either width:
// NHWC input, [1, filter_h, filter_w, output_c] filter, output channel c = input channel
// c / depth_multiplier, per-channel requantization, stride, dilation, batches.
// Called through the kernel registry; the oracle of every variant. Scratch
// (DepthwiseConv2dScratchBytes): none; taps are read straight from the input, padded taps
// skipped, and accumulators for a block of channels live on the stack (256 B), as TensorFlow
// Lite Micro's reference kernel needs no scratch either. Never allocates.
// Errors: kKernelInvalidParams (parameters that would read out of bounds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// Always 0 (kept so every variant has the same size-function interface).
size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

// `bias` may be null (no bias); `output` is [batches, output_h, output_w, output_c]; `scratch`
// may be empty.
Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

// The over-input form (kernels/exec_form.h): multiplier 1 and an output no larger than the
// input, the output starting at the input's first byte. Scratch: one channel's input plane
// (input_h x input_w bytes), copied before that channel's outputs overwrite it.
bool DepthwiseConv2dOverInputApplies(const DepthwiseConv2dParams& params);
size_t DepthwiseConv2dOverInputScratchBytes(const DepthwiseConv2dParams& params);
Status DepthwiseConv2dOverInput(const DepthwiseConv2dParams& params, const int8_t* input,
                                const int8_t* filter, const int32_t* bias, int8_t* output,
                                std::span<uint8_t> scratch);

// 16x8 (TensorFlow Lite's int16 DepthwiseConvPerChannel): zero points 0, int64 sums and bias,
// the 64-bit MultiplyByQuantizedMultiplier. Always 0: its accumulators are on the stack too.
size_t DepthwiseConv2dInt16ScratchBytes(const DepthwiseConv2dParams& params);

// `bias` may be null.
Status DepthwiseConv2dInt16(const DepthwiseConv2dParams& params, const int16_t* input,
                            const int8_t* filter, const int64_t* bias, int16_t* output,
                            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
