// transpose's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function (loop
// nest in x86_loops.h) and the one entry over them, x86::Transpose<isa> (x86_common/x86_entry.h
// over TransposeEntry, x86.cc), named x86_avx2::Transpose and x86_avx512vnni::Transpose for the
// registry rows and tests. A byte move, bit-exact with ref by construction: same params, operands
// and errors. No scratch.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86 {

// ref's walk with the output dimensions of count 1 dropped and every dimension whose step is
// the next one's span merged into it (NHWC -> NCHW becomes [N, C, H*W] with steps [HWC, 1, C]).
// Every count is >= 1 and `in` already points at the walk's first element.
struct TransposeJob {
  int32_t rank;  // 1 .. kMaxStridedCopyRank
  int32_t count[kMaxStridedCopyRank];
  int32_t step[kMaxStridedCopyRank];
  const int8_t* in;
  int8_t* out;
};

using TransposeKernel = void (*)(const TransposeJob& job);

Status TransposeEntry(const X86Variant& variant, TransposeKernel kernel,
                      const TransposeParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86

// Both kernels copy rows whose last step is 1 (permutations keeping the innermost dimension,
// identity-like ones as one copy) as vector runs, transpose the last two dimensions when the
// next-to-last has step 1 (NHWC <-> NCHW, a rank-3 swap) in 16x16 byte tiles, their edges byte
// by byte, and walk any other permutation byte by byte as ref.

// Runs with 32-byte vectors (x86_avx2/byte_runs.h); tiles with 128-bit unpacks.
namespace arenastore::kernels::x86_avx2::internal {
void RunTranspose(const x86::TransposeJob& job);  // transpose/x86_avx2_kernel.cc
}  // namespace arenastore::kernels::x86_avx2::internal

// Runs with 64-byte vectors, the tail under a byte mask (x86_avx512vnni/byte_runs.h); tiles
// with 128-bit unpacks.
namespace arenastore::kernels::x86_avx512vnni::internal {
void RunTranspose(const x86::TransposeJob& job);  // transpose/x86_avx512vnni_kernel.cc
}  // namespace arenastore::kernels::x86_avx512vnni::internal

namespace arenastore::kernels::x86 {
inline constexpr X86Pair<TransposeKernel> kTransposeX86 = {
    {"transpose/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::RunTranspose)},
    {"transpose/x86_avx512vnni", ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunTranspose)}};
template <Isa kIsa>
using Transpose = X86Entry<kIsa, TransposeEntry, kTransposeX86>;
}  // namespace arenastore::kernels::x86

ARENASTORE_X86_ENTRY_NAMES(Transpose)
