// sub/x86_avx2's kernel-file function (see x86.h): add's AVX2 loops subtracting the second scaled
// operand; compiled with the AVX2 flags.
#include "ops/add/x86_avx2_add_sub.h"
#include "ops/sub/x86.h"

namespace arenastore::kernels::x86_avx2::internal {

void RunSub(const x86::AddJob& job) { RunAddOrSub<x86::SecondOperand::kSubtracted>(job); }

}  // namespace arenastore::kernels::x86_avx2::internal
