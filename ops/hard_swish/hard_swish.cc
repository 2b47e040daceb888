#include "ops/hard_swish/hard_swish.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
extern const OpKernels kHardSwishKernels =
    RefOnlyKernels<OpKind::kHardSwish, &ref::TableLookupScratchBytes, &ref::TableLookup>();

}  // namespace arenastore::kernels
