#include "ops/tanh/tanh.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/tanh/ref.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::tanh, kTanhArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kTanh, KernelDtype::kInt8, "tanh/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TanhInt16>(OpKind::kTanh,
                                                                              "tanh/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kTanhKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
