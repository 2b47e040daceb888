// sub's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::Sub<isa> (x86.cc, over
// x86_common/elementwise_entry.h with sub's own params check), named x86_avx2::Sub and
// x86_avx512vnni::Sub for the registry rows and tests, and each ISA's kernel-file function: add's
// loops (ops/add/x86_avx2_add_sub.h, x86_avx512vnni_add_sub.h) subtracting the second scaled
// operand. Bit-exact with ref: same params, operands and errors. No scratch. Never allocates;
// kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/elementwise_entry.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
struct Sub {
  static size_t ScratchBytes(const SubParams& params);  // always 0
  static Status Eval(const SubParams& params, const int8_t* input1, const int8_t* input2,
                     int8_t* output, std::span<uint8_t> scratch);
};
extern template struct Sub<Isa::kX86Avx2>;
extern template struct Sub<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// 8 lanes at a time.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& SubScratchBytes = x86::Sub<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& Sub = x86::Sub<Isa::kX86Avx2>::Eval;
namespace internal {
void RunSub(const x86::AddJob& job);  // sub/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 16 lanes at a time, with add's fast path for the common left shifts.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& SubScratchBytes = x86::Sub<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& Sub = x86::Sub<Isa::kX86Avx512Vnni>::Eval;
namespace internal {
void RunSub(const x86::AddJob& job);  // sub/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
