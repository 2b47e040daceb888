// x86_avx512vnni int8 transposed convolution, bit-exact with kernels/ref/transpose_conv2d. Where
// ref scatters into an int32 plane of the whole output image, this gathers: each output pixel sums
// its taps in registers, 16 output channels per zmm (VPMADDWD on int16 pairs), and a
// vectorised TensorFlow Lite requantization writes int8. Same params, operands and errors as ref.
// Scratch (TransposeConv2dScratchBytes): packed filter + centred input image + requant table
// (x86_common/transpose_conv2d_entry.h, shared with the other x86 variant). Layers of at most
// 8 output channels take the phase form when it fits that scratch: the pixels of each stride
// phase share their taps over an input framed with zero-point pixels, one ymm VPDPBUSD per
// input channel quad, filter and offsets packed in phase order, two pixels per zmm in the
// requantization. Others of at most 8 run x86_avx2's kernel file on its 8-lane layout.
// Never allocates; kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params);

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx512vnni
