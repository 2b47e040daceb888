#include "ops/reverse_v2/reverse_v2.h"

#include "kernels/kernel_rows.h"
#include "ops/reverse_v2/ref.h"

namespace arenastore::kernels {

Status CheckReverseV2Params(const ReverseV2Params& p, const char* kernel) {
  return CheckStridedCopyParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::reverse_v2, kReverseV2Arity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ReverseV2ScratchBytes, &ref::ReverseV2>(
        OpKind::kReverseV2, KernelDtype::kInt8, "reverse_v2/ref"),
    // The walk counts bytes (kernels/strided_copy_widen.h): the same copy moves int16 elements.
    Rows::Int16Row<Isa::kRef, &ref::ReverseV2ScratchBytes, &ref::ReverseV2>(OpKind::kReverseV2,
                                                                            "reverse_v2/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kReverseV2Kernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
