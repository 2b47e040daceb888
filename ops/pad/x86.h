// pad's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::Pad<isa> (x86.cc, over
// x86_common/data_movement_entry.h), named x86_avx2::Pad and x86_avx512vnni::Pad for the registry
// rows and tests, and each ISA's kernel-file function. Bit-exact with ref: same params, operands
// and errors. No scratch. Never allocates; kKernelUnsupported when the CPU lacks the ISA or off
// x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/data_movement_entry.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
struct Pad {
  static size_t ScratchBytes(const PadParams& params);  // always 0
  static Status Eval(const PadParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch);
};
extern template struct Pad<Isa::kX86Avx2>;
extern template struct Pad<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// Both kernels merge unpadded inner dimensions into runs, copy each run and fill each stretch of
// padding with vectors.

// 32-byte vectors, the last partial one as overlapping narrower moves inside the run.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& PadScratchBytes = x86::Pad<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& Pad = x86::Pad<Isa::kX86Avx2>::Eval;
namespace internal {
void RunPad(const x86::PadJob& job);  // pad/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 64-byte vectors, the last partial one under a byte mask.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& PadScratchBytes = x86::Pad<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& Pad = x86::Pad<Isa::kX86Avx512Vnni>::Eval;
namespace internal {
void RunPad(const x86::PadJob& job);  // pad/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
