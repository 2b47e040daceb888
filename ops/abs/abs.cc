#include "ops/abs/abs.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/abs/ref.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::abs, kAbsArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kAbs, KernelDtype::kInt8, "abs/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::AbsInt16>(OpKind::kAbs,
                                                                             "abs/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kAbsKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
