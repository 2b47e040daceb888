// add's and sub's AVX2 loops (ops/add/x86.h, ops/sub/x86.h), one template over the second
// operand's sign: sub is add with the second scaled operand subtracted (ops/sub/ref.cc against
// ops/add/ref.cc). Included only by add/x86_avx2_kernel.cc and sub/x86_avx2_kernel.cc, which are
// compiled with the AVX2 flags; internal linkage like simd.h. Never allocates.
#pragma once

#include <immintrin.h>

#include "kernels/x86_avx2/binary_rows.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_avx2/simd.h"
#include "ops/add/x86.h"
#include "ops/add/x86_add_sub_math.h"

namespace arenastore::kernels::x86_avx2::internal {
namespace {

// 8 sums (differences) of x86_add_sub_math.h, as binary_rows.h calls it.
template <x86::SecondOperand kSecond>
struct AddSubMath : x86::AddSubMathOf<Int32Lanes, kSecond> {
  using x86::AddSubMathOf<Int32Lanes, kSecond>::AddSubMathOf;
  ARENASTORE_X86_INLINE __m256i Of8(__m256i a, __m256i b) const { return this->Of(a, b); }
};

// RunAdd (kAdded) and RunSub (kSubtracted).
template <x86::SecondOperand kSecond>
void RunAddOrSub(const x86::AddJob& job) {
  const AddSubMath<kSecond> math(*job.params);
  const x86::BroadcastRows& r = job.rows;
  x86::ForEachRow(r, [&](ptrdiff_t in1, ptrdiff_t in2, ptrdiff_t out) {
    BinaryRow(math, job.input1 + in1, r.row_step1, job.input2 + in2, r.row_step2, job.output + out,
              r.row_length);
  });
}

}  // namespace
}  // namespace arenastore::kernels::x86_avx2::internal
