// x86_avx512vnni int8 transposed convolution, bit-exact with kernels/ref/transpose_conv2d: like ref
// it scatters each input pixel's contribution into int32 accumulators for the whole output image,
// but 16 output channels at a time: the pixel is centred on its zero point as int16 pairs and
// multiplied against the filter packed per call into [tap][channel block][input pair][lane][2]
// int16 (VPMADDWD/VPDPWSSD); a vectorised TensorFlow Lite
// requantization writes int8. Same params, operands and errors as ref.
// Scratch (TransposeConv2dScratchBytes): accumulators + packed filter + pixel + requant table.
// Never allocates; kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"

namespace arenastore::kernels::x86_avx512vnni {

size_t TransposeConv2dScratchBytes(const TransposeConv2dParams& params);

Status TransposeConv2d(const TransposeConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

// Where each part of the scratch goes (shared with the kernel file).
internal::TransposeConv2dLayout TransposeConv2dLayoutOf(const TransposeConv2dParams& params);

}  // namespace arenastore::kernels::x86_avx512vnni
