// pad/x86_avx512vnni's loop (see x86.h): x86_common/data_movement_loops.h over this variant's byte
// runs; compiled with the AVX-512 VNNI flags.
#include "kernels/x86_avx512vnni/byte_runs.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/data_movement_loops.h"
#include "ops/pad/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

void RunPad(const x86::PadJob& job) { x86::PadWith<ByteRuns>(job); }

}  // namespace arenastore::kernels::x86_avx512vnni::internal
