#include "ops/mean/mean.h"

#include "kernels/kernel_rows.h"
#include "ops/mean/ref.h"
#include "ops/mean/x86.h"

namespace arenastore::kernels {

Status CheckMeanParams(const MeanParams& p, const char* kernel) {
  ARENASTORE_RETURN_IF_ERROR(CheckReduceShape(p, kernel));
  ARENASTORE_CHECK_OR_RETURN(
      p.output_multiplier >= 0 && p.output_shift >= -31 && p.output_shift <= 30,
      ErrorCode::kKernelInvalidParams, "%s: output_multiplier %d, output_shift %d not in [-31, 30]",
      kernel, p.output_multiplier, p.output_shift);
  return Status::Ok();
}

namespace {

using Rows = KernelRows<&OpParams::mean, kMeanArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MeanScratchBytes, &ref::Mean>(OpKind::kMean, KernelDtype::kInt8,
                                                             "mean/ref"),
    Rows::Int16Row<Isa::kRef, &ref::MeanScratchBytes, &ref::MeanInt16>(OpKind::kMean, "mean/ref"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::MeanScratchBytes, ARENASTORE_X86_EVAL(&x86_avx2::Mean)>(
        OpKind::kMean, KernelDtype::kInt8, "mean/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::MeanScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::Mean)>(OpKind::kMean, KernelDtype::kInt8,
                                                          "mean/x86_avx512vnni"),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kMeanKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
