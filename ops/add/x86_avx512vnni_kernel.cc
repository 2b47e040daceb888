// add/x86_avx512vnni's kernel-file function (see x86.h): x86_avx512vnni_add_sub.h's loops,
// summing; compiled with the AVX-512 flags.
#include "ops/add/x86_avx512vnni_add_sub.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

void RunAdd(const x86::AddJob& job) { RunAddOrSub<x86::SecondOperand::kAdded>(job); }

}  // namespace arenastore::kernels::x86_avx512vnni::internal
