#include "ops/conv2d/conv2d.h"

#include "kernels/filter_window_check.h"
#include "kernels/kernel_rows.h"
#include "ops/conv2d/arm_dsp.h"
#include "ops/conv2d/arm_mve.h"
#include "ops/conv2d/pixel_walk.h"
#include "ops/conv2d/ref.h"
#include "ops/conv2d/x86.h"

namespace arenastore::kernels {

bool Conv2dReadsPixelsDirectly(const Conv2dParams& p) {
  return (p.filter_h | p.filter_w | p.groups) == 1 && (p.pad_top | p.pad_left) == 0;
}

bool Conv2dPixelsInside(const Conv2dParams& p) {
  return (p.output_h <= 0 || int64_t{p.output_h - 1} * p.stride_h < p.input_h) &&
         (p.output_w <= 0 || int64_t{p.output_w - 1} * p.stride_w < p.input_w);
}

// Lowered dims are positive (a kernel refuses others) and multiply within the filter's element
// count: 32-bit. Only the division needs its guard.
size_t Conv2dPatchElements(const Conv2dParams& p) {
  if (Conv2dReadsPixelsDirectly(p) || p.groups <= 0) return 0;
  return uint32_t(p.filter_h) * uint32_t(p.filter_w) * uint32_t(p.input_c / p.groups);
}

Status CheckConv2dParams(const Conv2dParams& p, const char* kernel, KernelDtype dtype) {
  ARENASTORE_RETURN_IF_ERROR(CheckFilterWindow(p, kernel));
  ARENASTORE_CHECK_PARAMS(
      kernel, p.groups >= 1 && p.input_c % p.groups == 0 && p.output_c % p.groups == 0,
      "%d groups do not divide %d input and %d output channels", p.groups, p.input_c, p.output_c);
  return CheckPerChannelOutputStage(p, kernel, dtype);
}

using Rows = KernelRows<OpKind::kConv2d>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::Conv2dScratchBytes, &ref::Conv2d>().WithOverInput(
        &Rows::kSizedForm<Isa::kRef, &ref::Conv2dOverInputScratchBytes, &ref::Conv2dOverInput>),
    Rows::Int16Row<Isa::kRef, &ref::Conv2dInt16ScratchBytes, &ref::Conv2dInt16>(),
    // The Arm variants' own pixel walks, within ref's bytes; ref's rows walk for larger filters.
    Rows::Row<Isa::kArmDsp, &arm_dsp::Conv2dScratchBytes, &arm_dsp::Conv2d>().WithOverInput(
        &Rows::kOwnSizedFormInRefBytes<Isa::kArmDsp, &ref::Conv2dOverInputScratchBytes,
                                       &arm_dsp::Conv2dOverInput,
                                       &Conv2dPixelWalkSpeed>),
    Rows::Row<Isa::kArmMve, &arm_mve::Conv2dScratchBytes, &arm_mve::Conv2d>().WithOverInput(
        &Rows::kOwnSizedFormInRefBytes<Isa::kArmMve, &ref::Conv2dOverInputScratchBytes,
                                       &arm_mve::Conv2dOverInput,
                                       &Conv2dPixelWalkSpeed>),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::Conv2dScratchBytes, &x86_avx2::Conv2d>(),
    // Its split form (kernels/kernel_state.h): filter and bias packed once.
    Rows::SplitRow<Isa::kX86Avx512Vnni, &x86_avx512vnni::Conv2dScratchBytes,
                   &x86_avx512vnni::Conv2d, &x86_avx512vnni::Conv2dPrepare,
                   &x86_avx512vnni::Conv2dRunPrepared, &x86_avx512vnni::Conv2dSplitScratchBytes,
                   0b110>(),
#endif
};
extern const OpKernels kConv2dKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
