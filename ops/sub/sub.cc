#include "ops/sub/sub.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "kernels/rescaled_add_params_check.h"
#include "ops/sub/ref.h"
#include "ops/sub/x86.h"

namespace arenastore::kernels {

Status CheckSubParams(const SubParams& p, const char* kernel) {
  return CheckRescaledAddParams(p, kernel, kInt8AddMaxLeftShift, kInt8AddMaxOffset);
}

Status ref::CheckInt16SubParams(const SubParams& p, const char* kernel) {
  return CheckRescaledAddParams(p, kernel, kInt16AddMaxLeftShift, kInt16AddMaxOffset);
}

namespace {

using Rows = KernelRows<&OpParams::sub, kSubArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::SubScratchBytes, &ref::Sub>(OpKind::kSub, KernelDtype::kInt8,
                                                           "sub/ref"),
    Rows::Int16Row<Isa::kRef, &ref::SubScratchBytes, &ref::SubInt16>(OpKind::kSub, "sub/ref"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::SubScratchBytes, ARENASTORE_X86_EVAL(&x86_avx2::Sub)>(
        OpKind::kSub, KernelDtype::kInt8, "sub/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::SubScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::Sub)>(OpKind::kSub, KernelDtype::kInt8,
                                                         "sub/x86_avx512vnni"),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kSubKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
