// fully_connected's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::FullyConnected<isa>
// (x86.cc), named x86_avx2::FullyConnected and x86_avx512vnni::FullyConnected for the registry rows
// and tests, the job it hands each ISA's kernel-file function, and those functions (which
// batch_matmul runs too). Bit-exact with ref: same params, operands and errors. No scratch. Never
// allocates; kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
struct FullyConnected {
  static size_t ScratchBytes(const FullyConnectedParams& params);  // always 0
  static Status Eval(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                     const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);
};
extern template struct FullyConnected<Isa::kX86Avx2>;
extern template struct FullyConnected<Isa::kX86Avx512Vnni>;

// Params are checked and the output non-empty; bias may be null.
struct FullyConnectedJob {
  const FullyConnectedParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
};

using FullyConnectedKernel = void (*)(const FullyConnectedJob& job);

}  // namespace arenastore::kernels::x86

// Both kernels read the weights in their canonical [output, input] layout, once per batch row (no
// packing); each block of 16 output channels builds its requantization constants on the stack.

// 16 inputs at a time widened to int16 and centred on their zero point once, multiplied by 8
// weight rows (also centred) with VPMADDWD, the rows' lanes reduced by horizontal adds, 8 outputs
// requantized at once.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& FullyConnectedScratchBytes =
    x86::FullyConnected<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& FullyConnected = x86::FullyConnected<Isa::kX86Avx2>::Eval;
namespace internal {
using x86::FullyConnectedJob;
void RunFullyConnected(const FullyConnectedJob& job);  // fully_connected/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 64 input bytes at a time, sign-flipped to uint8 once and multiplied by 8 weight rows with
// VPDPBUSD (a second VPDPBUSD against ones sums each row for the zero-point correction), the rows'
// lanes reduced by a transpose-add, 16 outputs requantized at once.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& FullyConnectedScratchBytes =
    x86::FullyConnected<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& FullyConnected = x86::FullyConnected<Isa::kX86Avx512Vnni>::Eval;
namespace internal {  // fully_connected/x86_avx512vnni_kernel.cc
using x86::FullyConnectedJob;
void RunFullyConnected(const FullyConnectedJob& job);
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni

namespace arenastore::kernels::x86 {

// kIsa's kernel-file function; null where the kernel files are not built (off x86-64).
template <Isa kIsa>
inline constexpr FullyConnectedKernel kFullyConnectedKernel =
    Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunFullyConnected),
               ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunFullyConnected));

}  // namespace arenastore::kernels::x86
