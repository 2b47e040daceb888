#include "ops/batch_matmul/batch_matmul.h"

#include "kernels/kernel_rows.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "ops/batch_matmul/ref.h"
#include "ops/batch_matmul/x86.h"

namespace arenastore::kernels {

Status CheckBatchMatmulParams(const BatchMatmulParams& p, const char* kernel, KernelDtype dtype) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rows >= 0 && p.accum_depth >= 0 && p.cols >= 0,
                          "negative dimension");
  for (int i = 0; i < 3; ++i) {
    const int32_t l = p.lhs_batch[i];
    const int32_t r = p.rhs_batch[i];
    ARENASTORE_CHECK_PARAMS(kernel, l >= 0 && r >= 0 && (l == r || l == 1 || r == 1),
                            "batch dim %d: lhs %d and rhs %d do not broadcast", i, l, r);
  }
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInputZeroPoint(dtype, p.lhs_zero_point, "lhs", kernel));
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInputZeroPoint(dtype, p.rhs_zero_point, "rhs", kernel));
  ARENASTORE_CHECK_PARAMS(kernel, IsValidShift(p.output_shift), "shift %d is not in [-31, 30]",
                          p.output_shift);
  return ref::CheckOutputStageOf(dtype, p.output_zero_point, p.activation_min, p.activation_max,
                                 kernel);
}

using Rows = KernelRows<OpKind::kBatchMatmul>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::BatchMatmulScratchBytes, &ref::BatchMatmul>(),
    Rows::Int16Row<Isa::kRef, &ref::BatchMatmulInt16ScratchBytes, &ref::BatchMatmulInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::BatchMatmulScratchBytes, &x86_avx2::BatchMatmul>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::BatchMatmulScratchBytes,
              &x86_avx512vnni::BatchMatmul>(),
#endif
};
extern const OpKernels kBatchMatmulKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
