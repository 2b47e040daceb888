#include "ops/resize_bilinear/resize_bilinear.h"

#include "kernels/kernel_rows.h"
#include "ops/resize_bilinear/ref.h"
#include "ops/resize_bilinear/x86.h"

namespace arenastore::kernels {

Status CheckResizeBilinearParams(const ResizeBilinearParams& p, const char* kernel) {
  return CheckResizeParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::resize_bilinear, kResizeBilinearArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ResizeBilinearScratchBytes, &ref::ResizeBilinear>(
        OpKind::kResizeBilinear, KernelDtype::kInt8, "resize_bilinear/ref"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::ResizeBilinearScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx2::ResizeBilinear)>(
        OpKind::kResizeBilinear, KernelDtype::kInt8, "resize_bilinear/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::ResizeBilinearScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::ResizeBilinear)>(
        OpKind::kResizeBilinear, KernelDtype::kInt8, "resize_bilinear/x86_avx512vnni"),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kResizeBilinearKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
