#include "ops/resize_bilinear/x86.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t ResizeBilinear<kIsa>::ScratchBytes(const ResizeBilinearParams&) {
  return 0;
}

template <Isa kIsa>
Status ResizeBilinear<kIsa>::Eval(const ResizeBilinearParams& params, const int8_t* input,
                                  int8_t* output, std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant =
      VariantOf<kIsa>("resize_bilinear/x86_avx2", "resize_bilinear/x86_avx512vnni");
  constexpr ResizeBilinearKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunResizeBilinear),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunResizeBilinear));
  ARENASTORE_CHECK_SCRATCH(kVariant.name, scratch.size(), ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckResizeBilinearParams(params, kVariant.name));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(kVariant, kKernel != nullptr));
  kKernel(params, input, output);
  return Status::Ok();
}

template struct ResizeBilinear<Isa::kX86Avx2>;
template struct ResizeBilinear<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
