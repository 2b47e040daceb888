#include "ops/elu/elu.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::elu, kEluArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kElu, KernelDtype::kInt8, "elu/ref"),
};
static_assert(StartsWithRef(kEntries),
              "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kEluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
