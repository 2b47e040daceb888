#include "ops/concatenation/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t Concatenation<kIsa>::ScratchBytes(const ConcatenationParams&) {
  return 0;
}

template <Isa kIsa>
Status Concatenation<kIsa>::Eval(const ConcatenationParams& params, const int8_t* const* inputs,
                                 int8_t* output, std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant =
      VariantOf<kIsa>("concatenation/x86_avx2", "concatenation/x86_avx512vnni");
  constexpr ConcatenationKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunConcatenation),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunConcatenation));
  return ConcatenationEntry(kVariant, kKernel, params, inputs, output, scratch);
}

template struct Concatenation<Isa::kX86Avx2>;
template struct Concatenation<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
