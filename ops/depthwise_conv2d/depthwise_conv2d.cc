#include "ops/depthwise_conv2d/depthwise_conv2d.h"

#include "kernels/kernel_rows.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "ops/depthwise_conv2d/arm_dsp.h"
#include "ops/depthwise_conv2d/arm_mve.h"
#include "ops/depthwise_conv2d/ref.h"
#include "ops/depthwise_conv2d/x86.h"

namespace arenastore::kernels {

Status CheckDepthwiseConv2dParams(const DepthwiseConv2dParams& p, const char* kernel,
                                  KernelDtype dtype) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_PARAMS(kernel, sizes_ok, "negative dimension or empty filter");
  ARENASTORE_CHECK_PARAMS(
      kernel, p.stride_h >= 1 && p.stride_w >= 1 && p.dilation_h >= 1 && p.dilation_w >= 1,
      "stride %dx%d and dilation %dx%d must be at least 1", p.stride_h, p.stride_w, p.dilation_h,
      p.dilation_w);
  ARENASTORE_CHECK_PARAMS(
      kernel, p.depth_multiplier >= 1 && p.output_c == int64_t{p.input_c} * p.depth_multiplier,
      "output channels %d != input channels %d x depth multiplier %d", p.output_c, p.input_c,
      p.depth_multiplier);
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInputZeroPoint(dtype, p.input_zero_point, "input", kernel));
  ARENASTORE_RETURN_IF_ERROR(ref::CheckOutputStageOf(dtype, p.output_zero_point, p.activation_min,
                                                     p.activation_max, kernel));
  return ref::CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, kernel);
}

using Rows = KernelRows<OpKind::kDepthwiseConv2d>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::DepthwiseConv2dScratchBytes, &ref::DepthwiseConv2d>().WithOverInput(
        &Rows::kForm<Isa::kRef, &ref::DepthwiseConv2dOverInputApplies,
                     &ref::DepthwiseConv2dOverInputScratchBytes, &ref::DepthwiseConv2dOverInput>),
    Rows::Int16Row<Isa::kRef, &ref::DepthwiseConv2dInt16ScratchBytes, &ref::DepthwiseConv2dInt16>(),
    Rows::Row<Isa::kArmDsp, &arm_dsp::DepthwiseConv2dScratchBytes, &arm_dsp::DepthwiseConv2d>(),
    Rows::Row<Isa::kArmMve, &arm_mve::DepthwiseConv2dScratchBytes, &arm_mve::DepthwiseConv2d>(),
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
