// pad/x86_avx2's loop (see x86.h): x86_common/data_movement_loops.h over this variant's byte
// runs; compiled with the AVX2 flags.
#include "kernels/x86_avx2/byte_runs.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_common/data_movement_loops.h"
#include "ops/pad/x86.h"

namespace arenastore::kernels::x86_avx2::internal {

void RunPad(const x86::PadJob& job) { x86::PadWith<ByteRuns>(job); }

}  // namespace arenastore::kernels::x86_avx2::internal
