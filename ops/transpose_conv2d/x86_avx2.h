// x86_avx2 int8 transposed convolution, bit-exact with kernels/ref/transpose_conv2d. Where ref
// scatters into an int32 plane of the whole output image, this gathers: each output pixel sums
// its taps in registers, 8 output channels per ymm (VPMADDWD on int16 pairs), and a
// vectorised TensorFlow Lite requantization writes int8. Same params, operands and errors as ref.
// Scratch (TransposeConv2dScratchBytes): packed filter + centred input image + requant table
// (x86_common/transpose_conv2d_entry.h, shared with the other x86 variant). Layers of at most
// 8 output channels take the phase form (kPairs) when it fits that scratch: the input framed
// with zero (centred) pixels so that the pixels of each stride phase share their taps, the
// filter packed as above, the requant table on the entry's stack.
// Never allocates; kKernelUnsupported when the CPU lacks AVX2 or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx2 {

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params);

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx2
