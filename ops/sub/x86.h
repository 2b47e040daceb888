// sub's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function, add's loops
// (ops/add/x86_avx2_add_sub.h, x86_avx512vnni_add_sub.h) subtracting the second scaled operand,
// and the one entry over them, x86::Sub<isa> (x86_common/x86_entry.h over SubEntry, with sub's own
// params check), named x86_avx2::Sub and x86_avx512vnni::Sub for the registry rows and tests.
// Bit-exact with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/elementwise_entry.h"
#include "kernels/x86_common/x86_entry.h"

// 8 lanes at a time.
namespace arenastore::kernels::x86_avx2::internal {
void RunSub(const x86::AddJob& job);  // sub/x86_avx2_kernel.cc
}  // namespace arenastore::kernels::x86_avx2::internal

// 16 lanes at a time, with add's fast path for the common left shifts.
namespace arenastore::kernels::x86_avx512vnni::internal {
void RunSub(const x86::AddJob& job);  // sub/x86_avx512vnni_kernel.cc
}  // namespace arenastore::kernels::x86_avx512vnni::internal

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<AddKernel> kSubX86 = {
    {"sub/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::RunSub)},
    {"sub/x86_avx512vnni", ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunSub)}};
template <Isa kIsa>
using Sub = X86Entry<kIsa, SubEntry, kSubX86>;
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY_NAMES(Sub)
