#include "ops/max_pool2d/max_pool2d.h"

#include "kernels/kernel_rows.h"
#include "kernels/pool_window.h"
#include "ops/max_pool2d/ref.h"
#include "ops/max_pool2d/x86.h"

namespace arenastore::kernels {

Status CheckMaxPool2dParams(const MaxPool2dParams& p, const char* kernel) {
  return ref::CheckPool2dParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::max_pool2d, kMaxPool2dArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MaxPool2dScratchBytes, &ref::MaxPool2d>(
        OpKind::kMaxPool2d, KernelDtype::kInt8, "max_pool2d/ref"),
    Rows::Int16Row<Isa::kRef, &ref::MaxPool2dScratchBytes, &ref::MaxPool2dInt16>(OpKind::kMaxPool2d,
                                                                                 "max_pool2d/ref"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::MaxPool2dScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx2::MaxPool2d)>(OpKind::kMaxPool2d, KernelDtype::kInt8,
                                                         "max_pool2d/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::MaxPool2dScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::MaxPool2d)>(
        OpKind::kMaxPool2d, KernelDtype::kInt8, "max_pool2d/x86_avx512vnni"),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kMaxPool2dKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
