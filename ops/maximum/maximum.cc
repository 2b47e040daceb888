#include "ops/maximum/maximum.h"

#include "kernels/kernel_rows.h"
#include "ops/maximum/ref.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::maximum, kMaximumArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MaximumScratchBytes, &ref::Maximum>(
        OpKind::kMaximum, KernelDtype::kInt8, "maximum/ref"),
    Rows::Int16Row<Isa::kRef, &ref::MaximumScratchBytes, &ref::MaximumInt16>(OpKind::kMaximum,
                                                                             "maximum/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kMaximumKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
