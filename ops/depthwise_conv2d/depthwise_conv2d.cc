#include "ops/depthwise_conv2d/depthwise_conv2d.h"

#include "kernels/filter_window_check.h"
#include "kernels/kernel_rows.h"
#include "ops/depthwise_conv2d/arm_dsp.h"
#include "ops/depthwise_conv2d/arm_mve.h"
#include "ops/depthwise_conv2d/ref.h"
#include "ops/depthwise_conv2d/x86.h"

namespace arenastore::kernels {

Status CheckDepthwiseConv2dParams(const DepthwiseConv2dParams& p, const char* kernel,
                                  KernelDtype dtype) {
  ARENASTORE_RETURN_IF_ERROR(CheckFilterWindow(p, kernel));
  ARENASTORE_CHECK_PARAMS(
      kernel, p.depth_multiplier >= 1 && p.output_c == int64_t{p.input_c} * p.depth_multiplier,
      "output channels %d != input channels %d x depth multiplier %d", p.output_c, p.input_c,
      p.depth_multiplier);
  return CheckPerChannelOutputStage(p, kernel, dtype);
}

using Rows = KernelRows<OpKind::kDepthwiseConv2d>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::DepthwiseConv2dScratchBytes, &ref::DepthwiseConv2d>().WithOverInput(
        &Rows::kForm<Isa::kRef, &ref::DepthwiseConv2dOverInputApplies,
                     &ref::DepthwiseConv2dOverInputScratchBytes, &ref::DepthwiseConv2dOverInput>),
    Rows::Int16Row<Isa::kRef, &ref::DepthwiseConv2dInt16ScratchBytes, &ref::DepthwiseConv2dInt16>(),
    // arm_dsp borrows ref's over-input form: taken only where a plan must shrink to fit.
    Rows::Row<Isa::kArmDsp, &arm_dsp::DepthwiseConv2dScratchBytes, &arm_dsp::DepthwiseConv2d>()
        .WithOverInput(&Rows::kReferenceForm<Isa::kArmDsp, &ref::DepthwiseConv2dOverInputApplies,
                                             &ref::DepthwiseConv2dOverInputScratchBytes,
                                             &ref::DepthwiseConv2dOverInput>),
    // arm_mve's own, within ref's bytes; ref's code where those bytes do not let it run its own.
    Rows::Row<Isa::kArmMve, &arm_mve::DepthwiseConv2dScratchBytes, &arm_mve::DepthwiseConv2d>()
        .WithOverInput(
            &Rows::kOwnFormInRefBytes<Isa::kArmMve, &ref::DepthwiseConv2dOverInputApplies,
                                      &ref::DepthwiseConv2dOverInputScratchBytes,
                                      &arm_mve::DepthwiseConv2dOverInput,
                                      &arm_mve::DepthwiseConv2dOverInputSpeed>),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::DepthwiseConv2dScratchBytes, &x86_avx2::DepthwiseConv2d>(),
    // Its split form (kernels/kernel_state.h): filter and bias packed once.
    Rows::SplitRow<Isa::kX86Avx512Vnni, &x86_avx512vnni::DepthwiseConv2dScratchBytes,
                   &x86_avx512vnni::DepthwiseConv2d, &x86_avx512vnni::DepthwiseConv2dPrepare,
                   &x86_avx512vnni::DepthwiseConv2dRunPrepared,
                   &x86_avx512vnni::DepthwiseConv2dSplitScratchBytes, 0b110>(),
#endif
};
extern const OpKernels kDepthwiseConv2dKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
