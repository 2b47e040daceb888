#include "ops/minimum/minimum.h"

#include "kernels/kernel_rows.h"
#include "ops/minimum/ref.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::minimum, kMinimumArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MinimumScratchBytes, &ref::Minimum>(
        OpKind::kMinimum, KernelDtype::kInt8, "minimum/ref"),
    Rows::Int16Row<Isa::kRef, &ref::MinimumScratchBytes, &ref::MinimumInt16>(OpKind::kMinimum,
                                                                             "minimum/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kMinimumKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
