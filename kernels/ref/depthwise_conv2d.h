// Reference int8 depthwise convolution, bit-exact with TensorFlow Lite's DepthwiseConvPerChannel:
// NHWC input, [1, filter_h, filter_w, output_c] filter, output channel c = input channel
// c / depth_multiplier, per-channel requantization, stride, dilation, batches.
// Called through the kernel registry; the oracle of every variant. Scratch
// (DepthwiseConv2dScratchBytes): one int32 accumulator per output channel, 4-byte aligned, so
// each output pixel sums taps outer and channels inner over contiguous memory. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (parameters that would
// read out of bounds, misaligned scratch).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// 4 * output_c.
size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

// `bias` may be null (no bias); `output` is [batches, output_h, output_w, output_c].
Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
