// What an x86 convolution-like entry hands its ISA's kernel-file functions: the operands
// (ConvolutionOperands: fully_connected's whole job, the start of transpose_conv2d's) and, for the
// ring-of-padded-rows convolutions (conv2d, depthwise_conv2d: ops/<op>/x86.cc), the scratch layout
// and requantization table too (ConvolutionJob). The entry builds them from checked params and a
// non-empty output. Freestanding, never allocates.
#pragma once

#include <cstdint>

#include "kernels/x86_common/requant_table.h"

namespace arenastore::kernels::x86 {

// Params are checked and the output is non-empty; bias may be null.
template <typename Params>
struct ConvolutionOperands {
  const Params* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
};

// The scratch holds layout.total_bytes with the table filled.
template <typename Params, typename Layout>
struct ConvolutionJob : ConvolutionOperands<Params> {
  uint8_t* scratch;
  Layout layout;
  RequantTable table;
  // x86_avx512vnni: every ring slot's offsets into the padded rows (the op's layout says which),
  // filled once by the split form (FillSlotOffsets, x86_avx512vnni/split_convolution.h); null:
  // each output row fills its own in scratch.
  const int64_t* slot_offsets;
};

}  // namespace arenastore::kernels::x86
