// The portable half of the x86 transpose_conv2d variants, shared by x86_avx2 and x86_avx512vnni:
// the scratch layout and size, the parameter checks (as ref's), and the checked entry that fills
// the requantization table, packs the filter and calls the ISA's kernel file. The kernels gather:
// each output pixel sums, in registers, its taps' centred input pixels times the filter packed per
// call as int16 pairs [tap][block of output channels][input channel pair][lane][2], then
// requantizes and stores; no int32 plane of the output image exists. Scratch: packed filter + one
// batch's input centred on its zero point as int16 pairs (an odd channel count padded with 0) +
// requant table, each 64-byte aligned. Never allocates; kKernelUnsupported when the CPU lacks the
// ISA or off x86-64.
//
// A variant may also give a phase kernel for layers of at most 8 output channels. Output
// position n (plus padding) along a dimension takes filter offsets n mod stride, + stride, ...
// and input positions floor(n / stride), - 1, ...: once the input is framed by a border of
// zero-point pixels, every output pixel of one phase (n mod stride per dimension) takes the
// same taps, with no per-pixel bookkeeping. The phase kernel gets the filter and input unpacked
// and reuses the scratch above (the size function stays the general one): the phase form runs
// only when its packed filter and framed image fit there (TransposeConv2dPhaseLayoutOf); its
// requant table, kPhaseTableLanes slots repeating the 8 channels' pattern, lives on the
// kernel's stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/convolution_job.h"
#include "kernels/x86_common/requant_table.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

struct TransposeConv2dLayout {
  int32_t blocks;  // output channel blocks of one vector
  int32_t kpairs;  // input channel pairs
  size_t weights_offset, image_offset, table_offset, total_bytes;
};

// How a variant's phase kernel holds the filter and the framed image. kQuads (x86_avx512vnni):
// int8 quads of 8 lanes (zero past the real channels) and one int32 image offset per quad, both
// packed by the kernel in its order, then the input flipped to uint8 quads, the border holding
// the zero point + 128. kPairs (x86_avx2): the filter packed (by the kernel) as the general form
// packs it (one block), then the input centred as int16 pairs, the border 0; the entry fills the
// requant table (8 slots) on its stack.
enum class PhaseForm { kQuads, kPairs };

// The phase form's scratch: the filter (and offsets), then the framed image: virtual_h x
// virtual_w pixels of `groups` * 4 bytes, virtual row 0 showing input row origin_y (column
// likewise), pixels outside the input holding the input zero point. `fits` is false (and the rest
// unset) when the phase form does not apply: more than 8 output channels, more than kMaxPhases
// phases, or more bytes than the general layout's.
struct TransposeConv2dPhaseLayout {
  bool fits;
  int32_t groups;                // input channel quads (kQuads) or pairs (kPairs): 4 bytes each
  int32_t origin_y, origin_x;    // input row and column of the framed image's first
  int32_t virtual_h, virtual_w;  // framed image size in pixels
  size_t weights_offset, offsets_offset, image_offset, total_bytes;
};

inline constexpr int32_t kPhaseLanes = 8;        // output channels of one phase-form vector
inline constexpr int32_t kMaxPhases = 16;        // stride_h * stride_w the phase form takes
inline constexpr int32_t kPhaseTableLanes = 16;  // requant table slots: two pixels per zmm

// Everything a kernel file needs; params are checked, the scratch holds total_bytes, the filter
// is packed at weights_offset and the table filled. A phase kernel gets `phase` (fits) too; in
// the kQuads form nothing is packed and there is no table (the kernel fills its own,
// kPhaseTableLanes slots, channel s % 8 in slot s); in the kPairs form the table (8 slots) lives
// on the entry's stack and the kernel packs the filter at 0.
struct TransposeConv2dJob : ConvolutionOperands<TransposeConv2dParams> {
  uint8_t* scratch;
  TransposeConv2dLayout layout;
  RequantTable table;
  TransposeConv2dPhaseLayout phase;
};

using TransposeConv2dKernel = void (*)(const TransposeConv2dJob& job);

TransposeConv2dLayout TransposeConv2dLayoutOf(const TransposeConv2dParams& params, int32_t lanes);

// The phase form's layout within `budget_bytes` (the general layout's total).
TransposeConv2dPhaseLayout TransposeConv2dPhaseLayoutOf(const TransposeConv2dParams& params,
                                                        size_t budget_bytes, PhaseForm form);

// Runs `phase_kernel` when it is given and the phase form fits, else `kernel`.
Status TransposeConv2dEntry(const X86Variant& variant, TransposeConv2dKernel kernel,
                            const TransposeConv2dParams& params, const int8_t* input,
                            const int8_t* filter, const int32_t* bias, int8_t* output,
                            std::span<uint8_t> scratch,
                            TransposeConv2dKernel phase_kernel = nullptr,
                            PhaseForm form = PhaseForm::kQuads);

}  // namespace arenastore::kernels::x86
