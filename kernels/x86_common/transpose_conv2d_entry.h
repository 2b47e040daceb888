// The portable half of the x86 transpose_conv2d variants, shared by x86_avx2 and x86_avx512vnni:
// the scratch layout and size, the parameter checks (as ref's), and the checked entry that fills
// the requantization table, packs the filter and calls the ISA's kernel file. The kernels gather:
// each output pixel sums, in registers, its taps' centred input pixels times the filter packed per
// call as int16 pairs [tap][block of output channels][input channel pair][lane][2], then
// requantizes and stores; no int32 plane of the output image exists. Scratch: packed filter + one
// batch's input centred on its zero point as int16 pairs (an odd channel count padded with 0) +
// requant table, each 64-byte aligned. Never allocates; kKernelUnsupported when the CPU lacks the
// ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/requant_table.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

struct TransposeConv2dLayout {
  int32_t blocks;  // output channel blocks of one vector
  int32_t kpairs;  // input channel pairs
  size_t weights_offset, image_offset, table_offset, total_bytes;
};

// Everything a kernel file needs; params are checked, the scratch holds total_bytes, the filter
// is packed at weights_offset and the table filled.
struct TransposeConv2dJob {
  const TransposeConv2dParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
  uint8_t* scratch;
  TransposeConv2dLayout layout;
  RequantTable table;
};

using TransposeConv2dKernel = void (*)(const TransposeConv2dJob& job);

TransposeConv2dLayout TransposeConv2dLayoutOf(const TransposeConv2dParams& params, int32_t lanes);

Status TransposeConv2dEntry(const X86Variant& variant, TransposeConv2dKernel kernel,
                            const TransposeConv2dParams& params, const int8_t* input,
                            const int8_t* filter, const int32_t* bias, int8_t* output,
                            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86
