#include "ops/strided_slice/x86.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_common/variant.h"
#include "ops/strided_slice/strided_slice.h"

namespace arenastore::kernels::x86 {

template <Isa kIsa>
size_t StridedSlice<kIsa>::ScratchBytes(const StridedSliceParams&) {
  return 0;
}

// ref's checks in ref's order, then the CPU's; an empty output is done before either kernel runs.
template <Isa kIsa>
Status StridedSlice<kIsa>::Eval(const StridedSliceParams& params, const int8_t* input,
                                int8_t* output, std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant =
      VariantOf<kIsa>("strided_slice/x86_avx2", "strided_slice/x86_avx512vnni");
  constexpr StridedSliceKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunStridedSlice),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunStridedSlice));
  ARENASTORE_CHECK_SCRATCH(kVariant.name, scratch.size(), ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckStridedSliceParams(params, kVariant.name));
  if (StridedCopyOutputElements(params) == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(kVariant, kKernel != nullptr));
  kKernel(params, input, output);
  return Status::Ok();
}

template struct StridedSlice<Isa::kX86Avx2>;
template struct StridedSlice<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
