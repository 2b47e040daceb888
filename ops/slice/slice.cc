#include "ops/slice/slice.h"

#include "kernels/kernel_rows.h"
#include "ops/slice/ref.h"

namespace arenastore::kernels {

Status CheckSliceParams(const SliceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

// The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
extern const OpKernels kSliceKernels =
    RefOnlyKernels<OpKind::kSlice, &ref::SliceScratchBytes, &ref::Slice, &ref::Slice>();

}  // namespace arenastore::kernels
