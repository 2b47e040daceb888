// strided_slice/x86_avx512vnni's kernel-file function (see x86.h): ref's walk moving rows with
// 64-byte vectors, the tail under a mask (x86_avx512vnni/byte_runs.h); compiled with the AVX-512
// flags.
#include "kernels/strided_copy.h"
#include "kernels/x86_avx512vnni/byte_runs.h"
#include "ops/strided_slice/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

void RunStridedSlice(const StridedSliceParams& params, const int8_t* input, int8_t* output) {
  RunStridedCopyWith<ByteRuns>(params, input, output);
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal
