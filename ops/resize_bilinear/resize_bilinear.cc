#include "ops/resize_bilinear/resize_bilinear.h"

#include "kernels/kernel_rows.h"
#include "ops/resize_bilinear/ref.h"

namespace arenastore::kernels {

Status CheckResizeBilinearParams(const ResizeBilinearParams& p, const char* kernel) {
  return CheckResizeParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::resize_bilinear, kResizeBilinearArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ResizeBilinearScratchBytes, &ref::ResizeBilinear>(
        OpKind::kResizeBilinear, KernelDtype::kInt8, "resize_bilinear/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kResizeBilinearKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
