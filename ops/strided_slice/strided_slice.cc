#include "ops/strided_slice/strided_slice.h"

#include "kernels/kernel_rows.h"
#include "ops/strided_slice/ref.h"

namespace arenastore::kernels {

Status CheckStridedSliceParams(const StridedSliceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::strided_slice, kStridedSliceArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::StridedSliceScratchBytes, &ref::StridedSlice>(
        OpKind::kStridedSlice, KernelDtype::kInt8, "strided_slice/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kStridedSliceKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
