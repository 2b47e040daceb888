#include "ops/elu/elu.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
extern const OpKernels kEluKernels =
    RefOnlyKernels<OpKind::kElu, &ref::TableLookupScratchBytes, &ref::TableLookup>();

}  // namespace arenastore::kernels
