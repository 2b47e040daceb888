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

using Rows = KernelRows<OpKind::kAdd>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::AddScratchBytes, &ref::Add>().WithOverInput(
        &Rows::kForm<Isa::kRef, &ref::FirstInputNotBroadcast<AddParams>, &ref::AddScratchBytes,
                     &ref::Add>),
    Rows::Int16Row<Isa::kRef, &ref::AddScratchBytes, &ref::AddInt16>(),
    Rows::Row<Isa::kArmDsp, &arm_dsp::AddScratchBytes, &arm_dsp::Add>(),
    Rows::Row<Isa::kArmMve, &arm_mve::AddScratchBytes, &arm_mve::Add>(),
#if ARENASTORE_REGISTER_X86
    Rows::Row<Isa::kX86Avx2, &x86_avx2::AddScratchBytes, &x86_avx2::Add>(),
    // Its split form (kernels/kernel_state.h): the checks, broadcast walk and output table built
    // once.
    Rows::SplitRow<Isa::kX86Avx512Vnni, &x86_avx512vnni::AddScratchBytes, &x86_avx512vnni::Add,
                   &x86_avx512vnni::AddPrepare, &x86_avx512vnni::AddRunPrepared,
                   &x86_avx512vnni::AddSplitScratchBytes, 0>(),
#endif
};
extern const OpKernels kAddKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
