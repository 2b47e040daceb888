#include "ops/mean/mean.h"

#include "kernels/kernel_rows.h"
#include "ops/mean/ref.h"
#include "ops/mean/x86.h"

namespace arenastore::kernels {

using Rows = KernelRows<OpKind::kMean>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MeanScratchBytes, &ref::Mean>(),
    Rows::Int16Row<Isa::kRef, &ref::MeanScratchBytes, &ref::MeanInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::MeanScratchBytes, &x86_avx2::Mean>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::MeanScratchBytes, &x86_avx512vnni::Mean>(),
#endif
};
extern const OpKernels kMeanKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
