// AVX2 int8 depthwise convolution, bit-exact with kernels/ref/depthwise_conv2d: the input
// is copied a row at a time into a ring of padded int32 rows holding x - input_zp per output
// channel (0 in the padding); each tap is then one VPMADDWD and add of 8 lanes, where a lane is a
// channel of one pixel, or, when the horizontal stride is 1 and the channels tile the vector,
// any channel of any pixel of the output row (so 4 channels fill a ymm with two pixels); a
// vectorised TensorFlow Lite requantization writes int8. Same params, operands and errors as ref.
// Scratch (DepthwiseConv2dScratchBytes): requant table + expanded weights + tap offsets + ring.
// Never allocates. kKernelUnsupported when the CPU lacks AVX2 or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx2/kernel_jobs.h"

namespace arenastore::kernels::x86_avx2 {

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

internal::DepthwiseConv2dLayout DepthwiseConv2dLayoutOf(const DepthwiseConv2dParams& params);

}  // namespace arenastore::kernels::x86_avx2
