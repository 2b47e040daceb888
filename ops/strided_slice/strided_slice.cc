#include "ops/strided_slice/strided_slice.h"

#include "kernels/kernel_rows.h"
#include "ops/strided_slice/ref.h"
#include "ops/strided_slice/x86.h"

namespace arenastore::kernels {

Status CheckStridedSliceParams(const StridedSliceParams& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::strided_slice, kStridedSliceArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::StridedSliceScratchBytes, &ref::StridedSlice>(
        OpKind::kStridedSlice, KernelDtype::kInt8, "strided_slice/ref"),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::StridedSliceScratchBytes, &ref::StridedSlice>(
        OpKind::kStridedSlice, "strided_slice/ref"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::StridedSliceScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx2::StridedSlice)>(
        OpKind::kStridedSlice, KernelDtype::kInt8, "strided_slice/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::StridedSliceScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::StridedSlice)>(
        OpKind::kStridedSlice, KernelDtype::kInt8, "strided_slice/x86_avx512vnni"),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kStridedSliceKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
