// mean's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file functions and the one
// entry over them, x86::Mean<isa> (x86_common/x86_entry.h over MeanEntry, x86.cc), named
// x86_avx2::Mean and x86_avx512vnni::Mean for the registry rows and tests. Bit-exact with ref:
// same params, operands and errors; ref's rescale per output. No scratch (ref keeps an int32 sum
// per output there; these, a block on the stack).
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86 {

// Input dimensions of size 1 are dropped and neighbours reduced alike merged. The forms
// [outer kept] reduced [inner kept] (the global average pool over H,W of NHWC, the last axis,
// leading axes, every axis) sum with the kernel files' functions below: channel columns over
// the reduced rows (inner > 1) or a contiguous run (inner == 1). Any other axis set (reduced
// dimensions on both sides of a kept one) falls back to a scalar per-output walk in x86.cc, as
// ref's wrapping int32 sums, without ref's scratch.
inline constexpr int32_t kMeanColumnBlock = 256;  // columns one SumColumns call sums at most

// sums[j] = the int32 sum, wrapping as ref's, of in[r * stride + j] over r < rows, for
// j < width <= kMeanColumnBlock.
using MeanColumnsKernel = void (*)(const int8_t* in, int32_t rows, int32_t stride, int32_t width,
                                   int32_t* sums);
// The int32 sum, wrapping as ref's, of in[0 .. n).
using MeanRunKernel = int32_t (*)(const int8_t* in, int32_t n);

struct MeanKernels {
  MeanColumnsKernel columns;
  MeanRunKernel run;
};

Status MeanEntry(const X86Variant& variant, MeanKernels kernels, const MeanParams& params,
                 const int8_t* input, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86

// x86_avx2: columns 32 channels per step (int16 sums over up to 256 rows, then widened to int32),
// then 8 at a time, the last 7 or fewer scalar; runs 32 bytes per vsadbw.
//
// x86_avx512vnni: columns 64 channels per step (int16 sums over up to 256 rows, then widened), the
// last partial step under a byte mask; runs 64 bytes per vpsadbw, the tail under a byte mask.
ARENASTORE_X86_KERNEL_FILES(MeanColumnsKernel, SumColumns)
ARENASTORE_X86_KERNEL_FILES(MeanRunKernel, SumRun)

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<MeanKernels> kMeanX86 = {
    {"mean/x86_avx2",
     {ARENASTORE_X86_KERNEL(x86_avx2::internal::SumColumns),
      ARENASTORE_X86_KERNEL(x86_avx2::internal::SumRun)}},
    {"mean/x86_avx512vnni",
     {ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::SumColumns),
      ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::SumRun)}}};
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY(Mean, MeanEntry, kMeanX86)
