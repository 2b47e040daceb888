// concatenation's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and
// the one entry over them, x86::Concatenation<isa> (x86_common/x86_entry.h over
// ConcatenationEntry), named x86_avx2::Concatenation and x86_avx512vnni::Concatenation for the
// registry rows and tests. Bit-exact with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/data_movement_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels copy each input's slab per outer index with vectors.

// 32-byte vectors, the last partial one as overlapping narrower moves inside the run.
namespace arenastore::kernels::x86_avx2::internal {
void RunConcatenation(const x86::ConcatenationJob& job);  // concatenation/x86_avx2_kernel.cc
}  // namespace arenastore::kernels::x86_avx2::internal

// 64-byte vectors, the last partial one under a byte mask.
namespace arenastore::kernels::x86_avx512vnni::internal {
void RunConcatenation(const x86::ConcatenationJob& job);  // concatenation/x86_avx512vnni_kernel.cc
}  // namespace arenastore::kernels::x86_avx512vnni::internal

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<ConcatenationKernel> kConcatenationX86 = {
    {"concatenation/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::RunConcatenation)},
    {"concatenation/x86_avx512vnni",
     ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunConcatenation)}};
template <Isa kIsa>
using Concatenation = X86Entry<kIsa, ConcatenationEntry, kConcatenationX86>;
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY_NAMES(Concatenation)
