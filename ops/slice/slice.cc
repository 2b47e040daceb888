#include "ops/slice/slice.h"

#include "kernels/kernel_rows.h"
#include "ops/slice/ref.h"

namespace arenastore::kernels {

Status CheckSliceParams(const SliceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::slice, kSliceArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::SliceScratchBytes, &ref::Slice>(OpKind::kSlice, KernelDtype::kInt8,
                                                               "slice/ref"),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::SliceScratchBytes, &ref::Slice>(OpKind::kSlice, "slice/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kSliceKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
