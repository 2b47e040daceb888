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
#include "kernels/x86_common/requant_table.h"
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

// Params are checked, the output is non-empty and the scratch holds layout.total_bytes with the
// table filled.
struct Conv2dJob {
  const Conv2dParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
  uint8_t* scratch;
  Conv2dLayout layout;
  RequantTable table;
  // x86_avx512vnni: every group's k-group offsets for each ring slot (groups x ring_rows x
  // kgroups), filled once by the split form (FillSlotOffsets); null: each output row fills its
  // own in scratch.
  const int64_t* slot_offsets;
};

using Conv2dKernel = void (*)(const Conv2dJob& job);

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

// RunConv2d in two steps (the split form; conv2d/x86_avx512vnni_kernel.cc): PrepareConv2d packs the
// filter and the accumulators' start values into scratch and returns whether the short
// requantization applies (job.table already filled); ConvolveImage then convolves from them, as
// often as wanted.
namespace arenastore::kernels::x86_avx512vnni::internal {
bool PrepareConv2d(const x86::Conv2dJob& job);
void FillSlotOffsets(const x86::Conv2dJob& job, int64_t* slot_offsets);
void ConvolveImage(const x86::Conv2dJob& job, bool bounded);
}  // namespace arenastore::kernels::x86_avx512vnni::internal
