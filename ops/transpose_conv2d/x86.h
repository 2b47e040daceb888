// transpose_conv2d's x86 variants, x86_avx2 and x86_avx512vnni: one entry,
// x86::TransposeConv2d<isa> (x86.cc, over x86_common/transpose_conv2d_entry.h), named
// x86_avx2::TransposeConv2d and x86_avx512vnni::TransposeConv2d for the registry rows and tests,
// and each ISA's kernel-file functions. Bit-exact with ref: same params, operands and errors. Never
// allocates; kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/transpose_conv2d_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Where ref scatters into an int32 plane of the whole output image, both gather: each output pixel
// sums its taps in registers, a vector of output channels at a time (VPMADDWD on int16 pairs), and
// a vectorised TensorFlow Lite requantization writes int8. Layers of at most 8 output channels
// take the phase form when it fits the scratch (see transpose_conv2d_entry.h).

// 8 output channels per ymm. The phase form (kPairs): the input framed with zero (centred) pixels
// so that the pixels of each stride phase share their taps, the filter packed as above, the
// requant table on the entry's stack.
namespace arenastore::kernels::x86_avx2 {
namespace internal {
// transpose_conv2d/x86_avx2_kernel.cc
void RunTransposeConv2d(const x86::TransposeConv2dJob& job);
void RunTransposeConv2dPhases(const x86::TransposeConv2dJob& job);
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 16 output channels per zmm. The phase form (kQuads): the pixels of each stride phase share their
// taps over an input framed with zero-point pixels, one ymm VPDPBUSD per input channel quad, filter
// and offsets packed in phase order, two pixels per zmm in the requantization. Other layers of at
// most 8 output channels run x86_avx2's kernel file on its 8-lane layout.
namespace arenastore::kernels::x86_avx512vnni {
namespace internal {
// transpose_conv2d/x86_avx512vnni_kernel.cc
void RunTransposeConv2d(const x86::TransposeConv2dJob& job);
void RunTransposeConv2dPhases(const x86::TransposeConv2dJob& job);
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni

// x86::TransposeConv2d<isa>::ScratchBytes: packed filter + centred input image + requant table
// (x86_common/transpose_conv2d_entry.h).
ARENASTORE_X86_SCRATCH_ENTRY(TransposeConv2d, TransposeConv2dParams, const int8_t* input,
                             const int8_t* filter, const int32_t* bias, int8_t* output)
