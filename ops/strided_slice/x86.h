// strided_slice's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::StridedSlice<isa>
// (x86.cc), named x86_avx2::StridedSlice and x86_avx512vnni::StridedSlice for the registry rows
// and tests, and each ISA's kernel-file function. A byte move, bit-exact with ref by
// construction: ref's walk (kernels/strided_copy.h) with the same params, check and errors. No
// scratch. Never allocates; kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

// Runs checked params with a non-empty output.
using StridedSliceKernel = void (*)(const StridedSliceParams& params, const int8_t* input,
                                    int8_t* output);

template <Isa kIsa>
struct StridedSlice {
  static size_t ScratchBytes(const StridedSliceParams& params);  // always 0
  static Status Eval(const StridedSliceParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);
};
extern template struct StridedSlice<Isa::kX86Avx2>;
extern template struct StridedSlice<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// Both kernels walk the rows as ref does (RunStridedCopyWith) and move a row whose innermost
// step is 1 with vector loads and stores (the ISA's byte_runs.h) instead of a byte at a time;
// any other row goes element by element, as in ref.

// 32-byte moves.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& StridedSliceScratchBytes = x86::StridedSlice<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& StridedSlice = x86::StridedSlice<Isa::kX86Avx2>::Eval;
namespace internal {
void RunStridedSlice(const StridedSliceParams& params, const int8_t* input,
                     int8_t* output);  // strided_slice/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 64-byte moves, a row's tail under a byte mask.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& StridedSliceScratchBytes =
    x86::StridedSlice<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& StridedSlice = x86::StridedSlice<Isa::kX86Avx512Vnni>::Eval;
namespace internal {
void RunStridedSlice(const StridedSliceParams& params, const int8_t* input,
                     int8_t* output);  // strided_slice/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
