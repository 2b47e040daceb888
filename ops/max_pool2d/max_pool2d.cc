#include "ops/max_pool2d/max_pool2d.h"

#include "kernels/kernel_rows.h"
#include "kernels/pool_window.h"
#include "ops/max_pool2d/ref.h"
#include "ops/max_pool2d/x86.h"

namespace arenastore::kernels {

Status CheckMaxPool2dParams(const MaxPool2dParams& p, const char* kernel) {
  return ref::CheckPool2dParams(p, kernel);
}

using Rows = KernelRows<OpKind::kMaxPool2d>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MaxPool2dScratchBytes, &ref::MaxPool2d>(),
    Rows::Int16Row<Isa::kRef, &ref::MaxPool2dScratchBytes, &ref::MaxPool2dInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::MaxPool2dScratchBytes, &x86_avx2::MaxPool2d>(),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::MaxPool2dScratchBytes,
              &x86_avx512vnni::MaxPool2d>(),
#endif
};
extern const OpKernels kMaxPool2dKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
