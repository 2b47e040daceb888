// mul's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function, the one entry
// over them, x86::Mul<isa> (x86_common/x86_entry.h over MulEntry), named x86_avx2::Mul and
// x86_avx512vnni::Mul for the registry rows and tests, and x86_avx512vnni's split form. Bit-exact
// with ref: same params, operands and errors. No scratch.
#pragma once

#include "kernels/x86_common/elementwise_entry.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels take TensorFlow Lite's product of offset inputs and its requantization a vector of
// int32 lanes at a time, along the rows of the broadcast (x86_common/broadcast_rows.h), an input
// broadcast along a row being one value in a register.

// 8 lanes at a time.
namespace arenastore::kernels::x86_avx2::internal {
using x86::MulJob;
void RunMul(const MulJob& job);  // mul/x86_avx2_kernel.cc
}  // namespace arenastore::kernels::x86_avx2::internal

// 16 lanes at a time.
namespace arenastore::kernels::x86_avx512vnni::internal {
using x86::MulJob;
void RunMul(const MulJob& job);  // mul/x86_avx512vnni_kernel.cc
}  // namespace arenastore::kernels::x86_avx512vnni::internal

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<MulKernel> kMulX86 = {
    {"mul/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::RunMul)},
    {"mul/x86_avx512vnni", ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunMul)}};
template <Isa kIsa>
using Mul = X86Entry<kIsa, MulEntry, kMulX86>;
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY_NAMES(Mul)

namespace arenastore::kernels::x86_avx512vnni {
// The split form (kernels/kernel_state.h): the checks, the broadcast walk and the output
// requantization table once, the table in the form's own scratch (MulSplitScratchBytes).
using MulSplit = x86::ElementwiseSplit<x86::Mul<Isa::kX86Avx512Vnni>, MulParams>;
inline constexpr auto& MulSplitScratchBytes = MulSplit::ScratchBytes;
inline constexpr auto& MulPrepare = MulSplit::Prepare;
inline constexpr auto& MulRunPrepared = MulSplit::Run;
}  // namespace arenastore::kernels::x86_avx512vnni
