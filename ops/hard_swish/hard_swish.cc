#include "ops/hard_swish/hard_swish.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kHardSwish>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
};
extern const OpKernels kHardSwishKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
