// mul/x86_avx2's inner loops (see x86.h); compiled with the AVX2 flags.
#include <immintrin.h>

#include "kernels/x86_avx2/binary_rows.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "ops/mul/x86.h"
#include "ops/mul/x86_mul_math.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

// TensorFlow Lite's mul on 8 lanes (x86_mul_math.h), as binary_rows.h calls it.
struct MulMath : x86::MulMathOf<Int32Lanes> {
  using MulMathOf::MulMathOf;
  ARENASTORE_X86_INLINE __m256i Of8(__m256i a, __m256i b) const { return Of(a, b); }
};

}  // namespace

void RunMul(const x86::MulJob& job) {
  const MulMath math(*job.params);
  const x86::BroadcastRows& r = job.rows;
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    BinaryRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace arenastore::kernels::x86_avx2::internal
