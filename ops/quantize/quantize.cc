#include "ops/quantize/quantize.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
extern const OpKernels kQuantizeKernels =
    RefOnlyKernels<OpKind::kQuantize, &ref::TableLookupScratchBytes, &ref::TableLookup>();

}  // namespace arenastore::kernels
