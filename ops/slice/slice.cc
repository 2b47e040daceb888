#include "ops/slice/slice.h"

#include "kernels/kernel_rows.h"
#include "ops/slice/ref.h"

namespace arenastore::kernels {

Status CheckSliceParams(const SliceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

using Rows = KernelRows<OpKind::kSlice>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::SliceScratchBytes, &ref::Slice>(),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::SliceScratchBytes, &ref::Slice>(),
};
extern const OpKernels kSliceKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
