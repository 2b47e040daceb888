// transpose/x86_avx2's loop (see x86.h): x86_loops.h over this variant's byte runs, its 16x16
// byte tiles with x86_tile16.h; compiled with the AVX2 flags.
#include "kernels/x86_avx2/byte_runs.h"
#include "ops/transpose/x86.h"
#include "ops/transpose/x86_loops.h"

namespace arenastore::kernels::x86_avx2::internal {

void RunTranspose(const x86::TransposeJob& job) { x86::TransposeWith<ByteRuns>(job); }

}  // namespace arenastore::kernels::x86_avx2::internal
