// sub/x86_avx512vnni's kernel-file function (see x86.h): add's AVX-512 loops, fast path included,
// subtracting the second scaled operand; compiled with the AVX-512 flags.
#include "ops/add/x86_avx512vnni_add_sub.h"
#include "ops/sub/x86.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

void RunSub(const x86::AddJob& job) { RunAddOrSub<x86::SecondOperand::kSubtracted>(job); }

}  // namespace arenastore::kernels::x86_avx512vnni::internal
