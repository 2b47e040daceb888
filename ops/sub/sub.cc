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

using Rows = KernelRows<OpKind::kSub>;
// Every variant reads an element just before it writes that position, so each also runs over its
// first input where that input is not broadcast.
constexpr auto kFirstInputWhole = &ref::FirstInputNotBroadcast<SubParams>;
constexpr KernelEntry kEntries[] = {
    Rows::InPlaceRow<Isa::kRef, &ref::SubScratchBytes, &ref::Sub, kFirstInputWhole>(),
    Rows::Int16Row<Isa::kRef, &ref::SubScratchBytes, &ref::SubInt16>(),
#if ARENASTORE_REGISTER_X86
    Rows::InPlaceRow<Isa::kX86Avx2, &x86_avx2::SubScratchBytes, &x86_avx2::Sub, kFirstInputWhole>(),
    Rows::InPlaceRow<Isa::kX86Avx512Vnni, &x86_avx512vnni::SubScratchBytes, &x86_avx512vnni::Sub,
                     kFirstInputWhole>(),
#endif
};
extern const OpKernels kSubKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
