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
// Every variant reads an element just before it writes that position, so each also runs over its
// first input where that input is not broadcast.
constexpr auto kFirstInputWhole = &ref::FirstInputNotBroadcast<AddParams>;
constexpr KernelEntry kEntries[] = {
    Rows::InPlaceRow<Isa::kRef, &ref::AddScratchBytes, &ref::Add, kFirstInputWhole>(),
    Rows::Int16Row<Isa::kRef, &ref::AddScratchBytes, &ref::AddInt16>(),
    Rows::InPlaceRow<Isa::kArmDsp, &arm_dsp::AddScratchBytes, &arm_dsp::Add, kFirstInputWhole>(),
    Rows::InPlaceRow<Isa::kArmMve, &arm_mve::AddScratchBytes, &arm_mve::Add, kFirstInputWhole>(),
#if ARENASTORE_REGISTER_X86
    Rows::InPlaceRow<Isa::kX86Avx2, &x86_avx2::AddScratchBytes, &x86_avx2::Add, kFirstInputWhole>(),
    // Its split form (kernels/kernel_state.h): the checks, broadcast walk and output table built
    // once.
    Rows::SplitRow<Isa::kX86Avx512Vnni, &x86_avx512vnni::AddScratchBytes, &x86_avx512vnni::Add,
                   &x86_avx512vnni::AddPrepare, &x86_avx512vnni::AddRunPrepared,
                   &x86_avx512vnni::AddSplitScratchBytes, 0, kFirstInputWhole>(),
#endif
};
extern const OpKernels kAddKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
