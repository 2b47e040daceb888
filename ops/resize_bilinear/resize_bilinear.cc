#include "ops/resize_bilinear/resize_bilinear.h"

#include "kernels/kernel_rows.h"
#include "ops/resize_bilinear/ref.h"
#include "ops/resize_bilinear/x86.h"

namespace arenastore::kernels {

Status CheckResizeBilinearParams(const ResizeBilinearParams& p, const char* kernel) {
  return CheckResizeParams(p, kernel);
}

using Rows = KernelRows<OpKind::kResizeBilinear>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ResizeBilinearScratchBytes, &ref::ResizeBilinear>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::ResizeBilinearScratchBytes, &x86_avx2::ResizeBilinear>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::ResizeBilinearScratchBytes,
              &x86_avx512vnni::ResizeBilinear>(),
#endif
};
extern const OpKernels kResizeBilinearKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
