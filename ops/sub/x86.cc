#include "ops/sub/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t Sub<kIsa>::ScratchBytes(const SubParams&) {
  return 0;
}

template <Isa kIsa>
Status Sub<kIsa>::Eval(const SubParams& params, const int8_t* input1, const int8_t* input2,
                       int8_t* output, std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant = VariantOf<kIsa>("sub/x86_avx2", "sub/x86_avx512vnni");
  constexpr AddKernel kKernel = Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunSub),
                                           ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunSub));
  return SubEntry(kVariant, kKernel, params, input1, input2, output, scratch);
}

template struct Sub<Isa::kX86Avx2>;
template struct Sub<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
