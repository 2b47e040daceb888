// Reference int8 2-D convolution, bit-exact with TensorFlow Lite's ConvPerChannel: NHWC input,
// [output_c, filter_h, filter_w, input_c / groups] filter, per-channel requantization, stride,
// dilation, groups, batches. Called through the kernel registry; the oracle of every variant.
// Scratch (Conv2dScratchBytes): one im2col row, the filter window of one output pixel for one
// group, padded taps holding the input zero point; 0 for an unpadded 1x1 stride-1 ungrouped conv,
// which reads the input directly. Never allocates. Errors: kKernelScratchTooSmall (checked
// builds), kKernelInvalidParams (parameters that would read out of bounds or divide by zero).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// filter_h * filter_w * input_c / groups rounded up to a multiple of 4, or 0 (see above).
size_t Conv2dScratchBytes(const Conv2dParams& params);

// `bias` may be null (no bias); `output` is [batches, output_h, output_w, output_c].
Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
