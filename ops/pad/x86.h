// pad's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and the one
// entry over them, x86::Pad<isa> (x86_common/x86_entry.h over PadEntry), named x86_avx2::Pad and
// x86_avx512vnni::Pad for the registry rows and tests. Bit-exact with ref: same params, operands
// and errors. No scratch.
#pragma once

#include "kernels/x86_common/data_movement_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels merge unpadded inner dimensions into runs, copy each run and fill each stretch of
// padding with vectors.

// 32-byte vectors, the last partial one as overlapping narrower moves inside the run.
namespace arenastore::kernels::x86_avx2::internal {
void RunPad(const x86::PadJob& job);  // pad/x86_avx2_kernel.cc
}  // namespace arenastore::kernels::x86_avx2::internal

// 64-byte vectors, the last partial one under a byte mask.
namespace arenastore::kernels::x86_avx512vnni::internal {
void RunPad(const x86::PadJob& job);  // pad/x86_avx512vnni_kernel.cc
}  // namespace arenastore::kernels::x86_avx512vnni::internal

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<PadKernel> kPadX86 = {
    {"pad/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::RunPad)},
    {"pad/x86_avx512vnni", ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunPad)}};
template <Isa kIsa>
using Pad = X86Entry<kIsa, PadEntry, kPadX86>;
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY_NAMES(Pad)
