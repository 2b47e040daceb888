#include "ops/reverse_v2/reverse_v2.h"

#include "kernels/kernel_rows.h"
#include "ops/reverse_v2/ref.h"

namespace arenastore::kernels {

Status CheckReverseV2Params(const ReverseV2Params& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

using Rows = KernelRows<OpKind::kReverseV2>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ReverseV2ScratchBytes, &ref::ReverseV2>(),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::ReverseV2ScratchBytes, &ref::ReverseV2>(),
};
extern const OpKernels kReverseV2Kernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
