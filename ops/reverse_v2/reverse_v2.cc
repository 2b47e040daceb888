#include "ops/reverse_v2/reverse_v2.h"

#include "kernels/kernel_rows.h"
#include "ops/reverse_v2/ref.h"

namespace arenastore::kernels {

Status CheckReverseV2Params(const ReverseV2Params& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

// The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
extern const OpKernels kReverseV2Kernels =
    RefOnlyKernels<OpKind::kReverseV2, &ref::ReverseV2ScratchBytes, &ref::ReverseV2,
                   &ref::ReverseV2>();

}  // namespace arenastore::kernels
