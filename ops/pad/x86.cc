#include "ops/pad/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t Pad<kIsa>::ScratchBytes(const PadParams&) {
  return 0;
}

template <Isa kIsa>
Status Pad<kIsa>::Eval(const PadParams& params, const int8_t* input, int8_t* output,
                       std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant = VariantOf<kIsa>("pad/x86_avx2", "pad/x86_avx512vnni");
  constexpr PadKernel kKernel = Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunPad),
                                           ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunPad));
  return PadEntry(kVariant, kKernel, params, input, output, scratch);
}

template struct Pad<Isa::kX86Avx2>;
template struct Pad<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
