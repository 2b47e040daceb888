// One op's x86 entry on an ISA, for every op that needs no scratch: X86Entry<kIsa, kEntry, kPair>
// hands the op's checked entry function (`Status kEntry(variant, kernel, params, operands...,
// scratch)`) kIsa's variant and kernel-file function from kPair, so an op's x86.h says only its
// names, kernels and entry (ARENASTORE_X86_VARIANTS below); ARENASTORE_X86_SCRATCH_ENTRY declares
// the entry of an op that plans its own scratch. Instantiated only for the two x86 ISAs
// (IsaTraits). Freestanding, never allocates; the entry says kKernelUnsupported when the CPU lacks
// the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

// One ISA's variant of an op: its registry name and its kernel-file function (or functions:
// any constexpr value), ARENASTORE_X86_KERNEL(...) so that it is null off x86-64.
template <typename Kernel>
struct X86Kernel {
  const char* name;  // e.g. "pad/x86_avx2", spelt out so that a message's name is found by grep
  Kernel kernel;
};

// An op's two variants, in ISA order.
template <typename Kernel>
struct X86Pair {
  X86Kernel<Kernel> avx2;
  X86Kernel<Kernel> avx512vnni;
};

// The entry's type gives the registry's: Eval takes what kEntry takes after its kernel.
template <Isa kIsa, auto& kEntry, const auto& kPair,
          typename EntryFn = std::remove_reference_t<decltype(kEntry)>>
struct X86Entry;

template <Isa kIsa, auto& kEntry, const auto& kPair, typename Kernel, typename Params,
          typename... Operands>
struct X86Entry<kIsa, kEntry, kPair,
                Status(const X86Variant&, Kernel, const Params&, Operands...)> {
  static constexpr X86Variant kVariant = VariantOf<kIsa>(kPair.avx2.name, kPair.avx512vnni.name);
  static constexpr Kernel kKernel = Pick<kIsa>(kPair.avx2.kernel, kPair.avx512vnni.kernel);

  static size_t ScratchBytes(const Params&) { return 0; }
  static Status Eval(const Params& params, Operands... operands) {
    return kEntry(kVariant, kKernel, params, operands...);
  }
};

}  // namespace arenastore::kernels::x86

// x86_avx2::Op and x86_avx2::OpScratchBytes, and the same in x86_avx512vnni: the names the
// registry rows and tests give x86::Op<isa>'s Eval and ScratchBytes. Once per op, at global scope
// in its x86.h.
#define ARENASTORE_X86_ENTRY_NAMES(Op)                                                  \
  namespace arenastore::kernels::x86_avx2 {                                             \
  inline constexpr auto& Op##ScratchBytes = x86::Op<Isa::kX86Avx2>::ScratchBytes;       \
  inline constexpr auto& Op = x86::Op<Isa::kX86Avx2>::Eval;                             \
  }                                                                                     \
  namespace arenastore::kernels::x86_avx512vnni {                                       \
  inline constexpr auto& Op##ScratchBytes = x86::Op<Isa::kX86Avx512Vnni>::ScratchBytes; \
  inline constexpr auto& Op = x86::Op<Isa::kX86Avx512Vnni>::Eval;                       \
  }

// x86::Op<isa> = X86Entry<isa, Entry, kPair> and its names (ARENASTORE_X86_ENTRY_NAMES). Once per
// op, at global scope in its x86.h, after kPair.
#define ARENASTORE_X86_ENTRY(Op, Entry, kPair) \
  namespace arenastore::kernels::x86 {         \
  template <Isa kIsa>                          \
  using Op = X86Entry<kIsa, Entry, kPair>;     \
  }                                            \
  ARENASTORE_X86_ENTRY_NAMES(Op)

// Declares fn, of x86::Kernel's function type, in x86_avx2::internal and x86_avx512vnni::internal:
// each ISA's kernel-file function (ops/<op>/x86_avx2_kernel.cc, x86_avx512vnni_kernel.cc).
#define ARENASTORE_X86_KERNEL_FILES(Kernel, fn)             \
  namespace arenastore::kernels::x86_avx2::internal {       \
  std::remove_pointer_t<x86::Kernel> fn;                    \
  }                                                         \
  namespace arenastore::kernels::x86_avx512vnni::internal { \
  std::remove_pointer_t<x86::Kernel> fn;                    \
  }

// An op whose variants are one kernel-file function per ISA, `fn` of type x86::Kernel, under one
// entry: declares the two fn (ARENASTORE_X86_KERNEL_FILES), their pair x86::k<Op>X86 with the
// registry names built as #op_name "/x86_avx2" and #op_name "/x86_avx512vnni" (grep for
// "ARENASTORE_X86_VARIANTS(mul," to find where "mul/x86_avx2" is named), and x86::Op<isa> over
// Entry with its names (ARENASTORE_X86_ENTRY). Once per op, at global scope in its x86.h.
#define ARENASTORE_X86_VARIANTS(op_name, Op, Kernel, fn, Entry)                           \
  ARENASTORE_X86_KERNEL_FILES(Kernel, fn)                                                 \
  namespace arenastore::kernels::x86 {                                                    \
  inline constexpr X86Pair<Kernel> k##Op##X86 = {                                         \
      {#op_name "/x86_avx2", ARENASTORE_X86_KERNEL(x86_avx2::internal::fn)},              \
      {#op_name "/x86_avx512vnni", ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::fn)}}; \
  }                                                                                       \
  ARENASTORE_X86_ENTRY(Op, Entry, k##Op##X86)

// An op that plans its own scratch: x86::Op<isa> declares ScratchBytes(params) and
// Eval(params, operands..., scratch) (the operand parameters are the macro's last arguments),
// defined and instantiated for both ISAs in the op's x86.cc, and its names
// (ARENASTORE_X86_ENTRY_NAMES). Once per op, at global scope in its x86.h.
#define ARENASTORE_X86_SCRATCH_ENTRY(Op, Params, ...)                                  \
  namespace arenastore::kernels::x86 {                                                 \
  template <Isa kIsa>                                                                  \
  struct Op {                                                                          \
    static size_t ScratchBytes(const Params& params);                                  \
    static Status Eval(const Params& params, __VA_ARGS__, std::span<uint8_t> scratch); \
  };                                                                                   \
  extern template struct Op<Isa::kX86Avx2>;                                            \
  extern template struct Op<Isa::kX86Avx512Vnni>;                                      \
  }                                                                                    \
  ARENASTORE_X86_ENTRY_NAMES(Op)
