#include "ops/hard_swish/hard_swish.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::hard_swish, kHardSwishArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kHardSwish, KernelDtype::kInt8, "hard_swish/ref"),
};
static_assert(StartsWithRef(kEntries),
              "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kHardSwishKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
