// depthwise_conv2d's x86 variants, x86_avx2 and x86_avx512vnni: one entry,
// x86::DepthwiseConv2d<isa> (x86.cc), named x86_avx2::DepthwiseConv2d and
// x86_avx512vnni::DepthwiseConv2d for the registry rows and tests; x86_avx512vnni's split form; the
// job the entry hands each ISA's kernel-file functions, and those functions. Bit-exact with ref:
// same params, operands and errors. Never allocates; kKernelUnsupported when the CPU lacks the
// ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx512vnni/split_convolution.h"
#include "kernels/x86_common/convolution_job.h"
#include "kernels/x86_common/depthwise_window.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86 {

// Where the requant table and the expanded weights for one period of lanes, the tap offsets and
// the padded-row ring (4 bytes per output channel) lie in the scratch.
struct DepthwiseConv2dLayout {
  DepthwiseWindow window;
  int32_t row_elems;  // 4-byte lanes per padded row: padded_w * output_c
  size_t table_offset, weights_offset, offsets_offset, ring_offset, total_bytes;
};

// DepthwiseConv2dJob::slot_offsets: each ring slot's tap offsets (ring_rows x filter_h x quads
// per filter row).
using DepthwiseConv2dJob = ConvolutionJob<DepthwiseConv2dParams, DepthwiseConv2dLayout>;

}  // namespace arenastore::kernels::x86

// Both copy the input a row at a time into a ring of padded rows holding a value per output channel
// (x86_common/depthwise_window.h); a lane is a channel of one pixel, or, when the horizontal stride
// is 1 and the channels tile the vector, any channel of any pixel of the output row; a vectorised
// TensorFlow Lite requantization writes int8.

// x86_avx2's RunDepthwiseConv2d (depthwise_conv2d/x86_avx2_kernel.cc): padded int32 rows of
// x - input_zp (0 in the padding); each tap is one VPMADDWD and add of 8 lanes (so 4 channels fill
// a ymm with two pixels).
//
// x86_avx512vnni's RunDepthwiseConv2d (depthwise_conv2d/x86_avx512vnni_kernel.cc): padded rows
// whose 4-byte lanes hold, per output channel, four horizontally adjacent taps as uint8 x + 128
// (the zero point + 128 in the padding); each group of four taps of a filter row is one VPDPBUSD
// of 16 lanes (so 8 channels fill a zmm with two pixels).
//
// x86::DepthwiseConv2d<isa>::ScratchBytes: requant table + expanded weights + tap offsets +
// padded-row ring (DepthwiseConv2dLayout).
ARENASTORE_X86_CONVOLUTION(DepthwiseConv2d, DepthwiseConv2dParams, RunDepthwiseConv2d)
