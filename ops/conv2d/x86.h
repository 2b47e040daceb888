// conv2d's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::Conv2d<isa> (x86.cc), named
// x86_avx2::Conv2d and x86_avx512vnni::Conv2d for the registry rows and tests; x86_avx512vnni's
// split form; the job the entry hands each ISA's kernel-file functions, and those functions.
// Bit-exact with ref: same params, operands and errors. Never allocates; kKernelUnsupported when
// the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx512vnni/split_convolution.h"
#include "kernels/x86_common/conv_window.h"
#include "kernels/x86_common/convolution_job.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86 {

// Where the requant table, the packed weights, the k-group offsets and the padded-row ring lie in
// the scratch.
struct Conv2dLayout {
  ConvWindow window;
  int32_t blocks_per_group;  // blocks of one vector's channels (8 or 16) per group's filters
  int32_t kgroups;           // 4-byte groups (two int16 or four uint8 elements) per pixel window
  int32_t row_bytes;         // one padded row: padded_w * input_c elements, in bytes
  // x86_avx512vnni, one group of at most 8 filters: a vector holds two output pixels of 8 lanes
  // each (weights, acc_init and requantization constants repeat every 8 lanes), so no half-empty
  // vectors. Always false on x86_avx2.
  bool pair_form;
  size_t table_offset, weights_offset, offsets_offset, ring_offset, total_bytes;
};

// Conv2dJob::slot_offsets: every group's k-group offsets for each ring slot (groups x ring_rows x
// kgroups).
using Conv2dJob = ConvolutionJob<Conv2dParams, Conv2dLayout>;

}  // namespace arenastore::kernels::x86

// Both copy the input a row at a time into a ring of padded rows, pack the filter into blocks of
// one vector's output channels, accumulate tiles of output pixels in registers and requantize them
// to int8 as TensorFlow Lite does, vectorised.

// x86_avx2's RunConv2d (conv2d/x86_avx2_kernel.cc): padded rows of int16 (x - input_zp), 0 in
// the padding; the filter in 8-channel x 2-element int16 blocks; VPMADDWD multiplies a broadcast
// pair of elements by 8 output channels' pairs for up to 12 pixels at once.
//
// x86_avx512vnni's RunConv2d (conv2d/x86_avx512vnni_kernel.cc): padded rows sign-flipped to
// uint8, padded with the zero point; the filter in 16-channel x 4-byte blocks with its per-channel
// sums; VPDPBUSD accumulates 16 output channels of up to 14 pixels per instruction stream.
//
// x86::Conv2d<isa>::ScratchBytes: requant table + packed filter + segment offsets + padded-row ring
// (Conv2dLayout).
ARENASTORE_X86_CONVOLUTION(Conv2d, Conv2dParams, RunConv2d)
