#include "ops/add/add.h"

#include "kernels/broadcast.h"
#include "kernels/kernel_rows.h"
#include "kernels/rescaled_add_params_check.h"
#include "ops/add/arm_dsp.h"
#include "ops/add/arm_mve.h"
#include "ops/add/ref.h"
#include "ops/add/x86.h"

namespace arenastore::kernels {

Status CheckAddParams(const AddParams& p, const char* kernel) {
  return CheckRescaledAddParams(p, kernel, kInt8AddMaxLeftShift, kInt8AddMaxOffset);
}

Status ref::CheckInt16AddParams(const AddParams& p, const char* kernel) {
  return CheckRescaledAddParams(p, kernel, kInt16AddMaxLeftShift, kInt16AddMaxOffset);
}

namespace {

using Rows = KernelRows<&OpParams::add, kAddArity.min_inputs>;

#if ARENASTORE_REGISTER_X86 && defined(__x86_64__)
// The split form (kernels/kernel_state.h): the checks, broadcast walk and output table built once.
using X86Avx512VnniSplit =
    SplitForm<&OpParams::add, &x86_avx512vnni::AddPrepare, &x86_avx512vnni::AddRunPrepared,
              &x86_avx512vnni::AddSplitScratchBytes, 0>;
constexpr const SplitKernel* kX86Avx512VnniSplit = &X86Avx512VnniSplit::kSplit;
#else
constexpr const SplitKernel* kX86Avx512VnniSplit = nullptr;
#endif

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::AddScratchBytes, &ref::Add>(OpKind::kAdd, KernelDtype::kInt8,
                                                           "add/ref"),
    Rows::Int16Row<Isa::kRef, &ref::AddScratchBytes, &ref::AddInt16>(OpKind::kAdd, "add/ref"),
    Rows::Row<Isa::kArmDsp, &arm_dsp::AddScratchBytes, ARENASTORE_ARM_DSP_EVAL(&arm_dsp::Add)>(
        OpKind::kAdd, KernelDtype::kInt8, "add/arm_dsp"),
    Rows::Row<Isa::kArmMve, &arm_mve::AddScratchBytes, ARENASTORE_ARM_MVE_EVAL(&arm_mve::Add)>(
        OpKind::kAdd, KernelDtype::kInt8, "add/arm_mve"),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::AddScratchBytes, ARENASTORE_X86_EVAL(&x86_avx2::Add)>(
        OpKind::kAdd, KernelDtype::kInt8, "add/x86_avx2"),
    Rows::Row<Isa::kX86Avx512Vnni, &x86_avx512vnni::AddScratchBytes,
              ARENASTORE_X86_EVAL(&x86_avx512vnni::Add)>(OpKind::kAdd, KernelDtype::kInt8,
                                                         "add/x86_avx512vnni", kX86Avx512VnniSplit),
#endif
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kAddKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
