#include "ops/strided_slice/strided_slice.h"

#include "kernels/kernel_rows.h"
#include "ops/strided_slice/ref.h"
#include "ops/strided_slice/x86.h"

namespace arenastore::kernels {

Status CheckStridedSliceParams(const StridedSliceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

using Rows = KernelRows<OpKind::kStridedSlice>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::StridedSliceScratchBytes, &ref::StridedSlice>(),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::StridedSliceScratchBytes, &ref::StridedSlice>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::StridedSliceScratchBytes, &x86_avx2::StridedSlice>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::StridedSliceScratchBytes,
              &x86_avx512vnni::StridedSlice>(),
#endif
};
extern const OpKernels kStridedSliceKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
