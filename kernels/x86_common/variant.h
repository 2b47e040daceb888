// X86Variant: what the portable entry files of the x86 variants (x86_avx2, x86_avx512vnni) differ
// by, so one shared entry function per op (x86_common/*_entry.h) serves both ISA folders: the
// ISA, its int32 lanes per vector, the variant's name for messages and the feature a CPU must
// have. ARENASTORE_X86_KERNEL(fn) names an ISA folder's kernel-file function where the kernel
// files are built (x86-64) and is null elsewhere; a shared entry refuses to run a null kernel
// with kKernelUnsupported (CheckRunnable). Freestanding, never allocates.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_kind.h"

namespace arenastore::kernels::x86 {

struct X86Variant {
  Isa isa;
  int32_t lanes;        // int32 lanes of one vector: 8 (ymm) or 16 (zmm)
  const char* name;     // e.g. "max_pool2d/x86_avx2"
  const char* feature;  // what a CPU without the variant lacks, e.g. "AVX2"
};

// kKernelUnsupported unless this CPU supports the variant and its kernel file is `built` in.
Status CheckRunnable(const X86Variant& variant, bool built);

}  // namespace arenastore::kernels::x86

#if defined(__x86_64__)
#define ARENASTORE_X86_KERNEL(fn) (&(fn))
#else
#define ARENASTORE_X86_KERNEL(fn) nullptr
#endif
