#include "ops/average_pool2d/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t AveragePool2d<kIsa>::ScratchBytes(const Pool2dParams&) {
  return 0;
}

template <Isa kIsa>
Status AveragePool2d<kIsa>::Eval(const Pool2dParams& params, const int8_t* input, int8_t* output,
                                 std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant =
      VariantOf<kIsa>("average_pool2d/x86_avx2", "average_pool2d/x86_avx512vnni");
  constexpr Pool2dKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunAveragePool2d),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunAveragePool2d));
  return AveragePool2dEntry(kVariant, kKernel, params, input, output, scratch);
}

template struct AveragePool2d<Isa::kX86Avx2>;
template struct AveragePool2d<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
