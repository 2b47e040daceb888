// add's x86 variants, x86_avx2 and x86_avx512vnni: one entry, x86::Add<isa> (x86.cc, over
// x86_common/elementwise_entry.h), named x86_avx2::Add and x86_avx512vnni::Add for the registry
// rows and tests; x86_avx512vnni's split form; each ISA's kernel-file function, whose loops
// (x86_avx2_add_sub.h, x86_avx512vnni_add_sub.h) sub's variants share. Bit-exact with ref: same
// params, operands and errors. No scratch. Never allocates; kKernelUnsupported when the CPU lacks
// the ISA or off x86-64.
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

// What the shared add/sub loops do with the second scaled operand: add it (add) or subtract it
// (sub); everything else, rescaling, requantization and clamping, is the same.
enum class SecondOperand { kAdded, kSubtracted };

template <Isa kIsa>
struct Add {
  static size_t ScratchBytes(const AddParams& params);  // always 0
  static Status Eval(const AddParams& params, const int8_t* input1, const int8_t* input2,
                     int8_t* output, std::span<uint8_t> scratch);
};
extern template struct Add<Isa::kX86Avx2>;
extern template struct Add<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

// Both kernels apply TensorFlow Lite's three rescalings a vector of int32 lanes at a time, along
// the rows of the broadcast (x86_common/broadcast_rows.h), an input that is broadcast along a row
// being one value repeated in a register.

// 8 lanes at a time.
namespace arenastore::kernels::x86_avx2 {
inline constexpr auto& AddScratchBytes = x86::Add<Isa::kX86Avx2>::ScratchBytes;
inline constexpr auto& Add = x86::Add<Isa::kX86Avx2>::Eval;
namespace internal {
using x86::AddJob;
void RunAdd(const AddJob& job);  // add/x86_avx2_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx2

// 16 lanes at a time.
namespace arenastore::kernels::x86_avx512vnni {
inline constexpr auto& AddScratchBytes = x86::Add<Isa::kX86Avx512Vnni>::ScratchBytes;
inline constexpr auto& Add = x86::Add<Isa::kX86Avx512Vnni>::Eval;

// The split form (kernels/kernel_state.h): the checks, the broadcast walk and the output
// requantization table once, the table in the form's own scratch (AddSplitScratchBytes).
size_t AddSplitScratchBytes(const AddParams& params);
Status AddPrepare(const AddParams& params, std::span<uint8_t> scratch, KernelState* state);
Status AddRunPrepared(const AddParams& params, const int8_t* input1, const int8_t* input2,
                      int8_t* output, std::span<uint8_t> scratch, const KernelState& state);

namespace internal {
using x86::AddJob;
void RunAdd(const AddJob& job);  // add/x86_avx512vnni_kernel.cc
}  // namespace internal
}  // namespace arenastore::kernels::x86_avx512vnni
