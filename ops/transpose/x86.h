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

// x86_avx2: runs with 32-byte vectors (x86_avx2/byte_runs.h); tiles with 128-bit unpacks.
// x86_avx512vnni: runs with 64-byte vectors, the tail under a byte mask
// (x86_avx512vnni/byte_runs.h); tiles with 128-bit unpacks.
ARENASTORE_X86_VARIANTS(transpose, Transpose, TransposeKernel, RunTranspose, TransposeEntry)
