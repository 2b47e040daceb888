#include "ops/transpose_conv2d/x86.h"

#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {
namespace {

// At most eight output channels fill half a zmm: every 512-bit instruction would do the work of
// a 256-bit one at twice the cost on cores that split them, so such layers run the AVX2 kernel
// file (which an AVX-512 VNNI CPU also runs) on its 8-lane layout.
bool IsNarrow(const TransposeConv2dParams& params) { return params.output_c <= kPhaseLanes; }

// The variant kIsa runs `params` as: the lanes of the kernel file it takes.
template <Isa kIsa>
X86Variant VariantFor(const TransposeConv2dParams& params) {
  X86Variant variant =
      VariantOf<kIsa>("transpose_conv2d/x86_avx2", "transpose_conv2d/x86_avx512vnni");
  if (IsNarrow(params)) variant.lanes = IsaTraits<Isa::kX86Avx2>::kLanes;
  return variant;
}

}  // namespace

template <Isa kIsa>
size_t TransposeConv2d<kIsa>::ScratchBytes(const TransposeConv2dParams& params) {
  return TransposeConv2dLayoutOf(params, VariantFor<kIsa>(params).lanes).total_bytes;
}

// A layer wider than kPhaseLanes never fits the phase form (TransposeConv2dPhaseLayoutOf), so its
// phase kernel only ever runs narrow layers.
template <Isa kIsa>
Status TransposeConv2d<kIsa>::Eval(const TransposeConv2dParams& params, const int8_t* input,
                                   const int8_t* filter, const int32_t* bias, int8_t* output,
                                   std::span<uint8_t> scratch) {
  constexpr TransposeConv2dKernel kNarrow =
      ARENASTORE_X86_KERNEL(x86_avx2::internal::RunTransposeConv2d);
  constexpr TransposeConv2dKernel kWide = Pick<kIsa, TransposeConv2dKernel>(
      kNarrow, ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunTransposeConv2d));
  constexpr TransposeConv2dKernel kPhases =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunTransposeConv2dPhases),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunTransposeConv2dPhases));
  constexpr PhaseForm kForm = Pick<kIsa>(PhaseForm::kPairs, PhaseForm::kQuads);
  return TransposeConv2dEntry(VariantFor<kIsa>(params), IsNarrow(params) ? kNarrow : kWide, params,
                              input, filter, bias, output, scratch, kPhases, kForm);
}

template struct TransposeConv2d<Isa::kX86Avx2>;
template struct TransposeConv2d<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
