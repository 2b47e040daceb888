// mul's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::Mul<isa> (x86.cc, over
// x86_common/elementwise_entry.h), named x86_avx2::Mul and x86_avx512vnni::Mul for the registry
// rows and tests; x86_avx512vnni's split form; each ISA's kernel-file function. Bit-exact with ref:
// same params, operands and errors. No scratch. Never allocates; kKernelUnsupported when the CPU
// lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/elementwise_entry.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
struct Mul {
  static size_t ScratchBytes(const MulParams& params);  // always 0
  static Status Eval(const MulParams& params, const int8_t* input1, const int8_t* input2,
                     int8_t* output, std::span<uint8_t> scratch);
};
extern template struct Mul<Isa::kX86Avx2>;
extern template struct Mul<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// Both kernels take TensorFlow Lite's product of offset inputs and its requantization a vector of
// int32 lanes at a time, along the rows of the broadcast (x86_common/broadcast_rows.h), an input
// broadcast along a row being one value in a register.

// 8 lanes at a time.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& MulScratchBytes = x86::Mul<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& Mul = x86::Mul<Isa::kX86Avx2>::Eval;
namespace internal {
using x86::MulJob;
void RunMul(const MulJob& job);  // mul/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 16 lanes at a time.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& MulScratchBytes = x86::Mul<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& Mul = x86::Mul<Isa::kX86Avx512Vnni>::Eval;

// The split form (kernels/kernel_state.h): the checks, the broadcast walk and the output
// requantization table once, the table in the form's own scratch (MulSplitScratchBytes).
size_t MulSplitScratchBytes(const MulParams& params);
Status MulPrepare(const MulParams& params, std::span<uint8_t> scratch, KernelState* state);
Status MulRunPrepared(const MulParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state);

namespace internal {
using x86::MulJob;
void RunMul(const MulJob& job);  // mul/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
