// fully_connected's x86 variants, x86_avx2 and x86_avx512vnni: the job each ISA's kernel-file
// function takes, those functions (which batch_matmul runs too) and the one entry over them,
// x86::FullyConnected<isa> (x86_common/x86_entry.h over FullyConnectedEntry, x86.cc), named
// x86_avx2::FullyConnected and x86_avx512vnni::FullyConnected for the registry rows and tests.
// Bit-exact with ref: same params, operands and errors. No scratch.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/convolution_job.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86 {

using FullyConnectedJob = ConvolutionOperands<FullyConnectedParams>;

using FullyConnectedKernel = void (*)(const FullyConnectedJob& job);

Status FullyConnectedEntry(const X86Variant& variant, FullyConnectedKernel kernel,
                           const FullyConnectedParams& params, const int8_t* input,
                           const int8_t* filter, const int32_t* bias, int8_t* output,
                           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86

// Both kernels read the weights in their canonical [output, input] layout, once per batch row (no
// packing); each block of 16 output channels builds its requantization constants on the stack.

// x86_avx2: 16 inputs at a time widened to int16 and centred on their zero point once, multiplied
// by 8 weight rows (also centred) with VPMADDWD, the rows' lanes reduced by horizontal adds, 8
// outputs requantized at once.
//
// x86_avx512vnni: 64 input bytes at a time, sign-flipped to uint8 once and multiplied by 8 weight
// rows with VPDPBUSD (a second VPDPBUSD against ones sums each row for the zero-point correction),
// the rows' lanes reduced by a transpose-add, 16 outputs requantized at once.
ARENASTORE_X86_VARIANTS(fully_connected, FullyConnected, FullyConnectedKernel, RunFullyConnected,
                        FullyConnectedEntry)
