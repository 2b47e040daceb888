#include "ops/transpose_conv2d/transpose_conv2d.h"

#include "kernels/kernel_rows.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "ops/transpose_conv2d/ref.h"
#include "ops/transpose_conv2d/x86.h"

namespace arenastore::kernels {

Status CheckTransposeConv2dParams(const TransposeConv2dParams& p, const char* kernel,
                                  KernelDtype dtype) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_PARAMS(kernel, sizes_ok, "negative dimension or empty filter");
  ARENASTORE_CHECK_PARAMS(kernel, p.stride_h >= 1 && p.stride_w >= 1,
                          "stride %dx%d must be at least 1", p.stride_h, p.stride_w);
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInputZeroPoint(dtype, p.input_zero_point, "input", kernel));
  ARENASTORE_RETURN_IF_ERROR(ref::CheckOutputStageOf(dtype, p.output_zero_point, p.activation_min,
                                                     p.activation_max, kernel));
  return ref::CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, kernel);
}

using Rows = KernelRows<OpKind::kTransposeConv2d>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TransposeConv2dScratchBytes, &ref::TransposeConv2d>(),
    Rows::Int16Row<Isa::kRef, &ref::TransposeConv2dInt16ScratchBytes, &ref::TransposeConv2dInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::TransposeConv2dScratchBytes, &x86_avx2::TransposeConv2d>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::TransposeConv2dScratchBytes,
              &x86_avx512vnni::TransposeConv2d>(),
#endif
};
extern const OpKernels kTransposeConv2dKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
