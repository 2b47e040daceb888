// AVX-512 VNNI int8 depthwise convolution, bit-exact with kernels/ref/depthwise_conv2d: the input
// is copied a row at a time into a ring of padded rows whose 4-byte lanes hold, per output
// channel, four horizontally adjacent taps as uint8 x + 128 (the zero point + 128 in the
// padding); each group of four taps of a filter row is then one VPDPBUSD of 16 lanes, where a
// lane is a channel of one pixel, or, when the horizontal stride is 1 and the channels tile the
// vector, any channel of any pixel of the output row (so 8 channels fill a zmm with two pixels);
// a vectorised TensorFlow Lite requantization writes int8. Same params, operands and errors as
// ref.
// Scratch (DepthwiseConv2dScratchBytes): requant table + expanded weights + tap offsets + ring.
// Never allocates. kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"

namespace arenastore::kernels::x86_avx512vnni {

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

// The split form (kernels/kernel_state.h): the requantization table, expanded weights and start
// values once into `scratch`, then each call from them (same params and scratch, untouched in
// between). Same errors as DepthwiseConv2d.
// The split form's own scratch: DepthwiseConv2dScratchBytes, then every ring slot's tap offsets.
size_t DepthwiseConv2dSplitScratchBytes(const DepthwiseConv2dParams& params);
Status DepthwiseConv2dPrepare(const DepthwiseConv2dParams& params, const int8_t* filter,
                              const int32_t* bias, std::span<uint8_t> scratch, KernelState* state);
Status DepthwiseConv2dRunPrepared(const DepthwiseConv2dParams& params, const int8_t* input,
                                  int8_t* output, std::span<uint8_t> scratch,
                                  const KernelState& state);

internal::DepthwiseConv2dLayout DepthwiseConv2dLayoutOf(const DepthwiseConv2dParams& params);

}  // namespace arenastore::kernels::x86_avx512vnni
