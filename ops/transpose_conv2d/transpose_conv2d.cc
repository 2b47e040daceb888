#include "ops/transpose_conv2d/transpose_conv2d.h"

#include "kernels/filter_window_check.h"
#include "kernels/kernel_rows.h"
#include "ops/transpose_conv2d/ref.h"
#include "ops/transpose_conv2d/x86.h"

namespace arenastore::kernels {

Status CheckTransposeConv2dParams(const TransposeConv2dParams& p, const char* kernel,
                                  KernelDtype dtype) {
  ARENASTORE_RETURN_IF_ERROR(CheckFilterWindow(p, kernel));
  return CheckPerChannelOutputStage(p, kernel, dtype);
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
