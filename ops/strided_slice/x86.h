// strided_slice's x86 variants, x86_avx2 and x86_avx512vnni: each ISA's kernel-file function and
// the one entry over them, x86::StridedSlice<isa> (x86_common/x86_entry.h over StridedSliceEntry,
// x86.cc), named x86_avx2::StridedSlice and x86_avx512vnni::StridedSlice for the registry rows and
// tests. A byte move, bit-exact with ref by construction: ref's walk (kernels/strided_copy.h) with
// the same params, check and errors. No scratch.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/x86_entry.h"

// Both kernels walk the rows as ref does (RunStridedCopyWith) and move a row whose innermost
// step is 1 with vector loads and stores (the ISA's byte_runs.h) instead of a byte at a time;
// any other row goes element by element, as in ref. Each runs checked params with a non-empty
// output.

namespace arenastore::kernels::x86 {
using StridedSliceKernel = void (*)(const StridedSliceParams& params, const int8_t* input,
                                    int8_t* output);
// ref's checks in ref's order, then the CPU's; an empty output is done before the kernel runs.
Status StridedSliceEntry(const X86Variant& variant, StridedSliceKernel kernel,
                         const StridedSliceParams& params, const int8_t* input, int8_t* output,
                         std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86

// x86_avx2: 32-byte moves.
// x86_avx512vnni: 64-byte moves, a row's tail under a byte mask.
ARENASTORE_X86_VARIANTS(strided_slice, StridedSlice, StridedSliceKernel, RunStridedSlice,
                        StridedSliceEntry)
