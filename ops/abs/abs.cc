#include "ops/abs/abs.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/abs/ref.h"

namespace arenastore::kernels {
extern const OpKernels kAbsKernels = RefOnlyKernels<OpKind::kAbs, &ref::TableLookupScratchBytes,
                                                    &ref::TableLookup, &ref::AbsInt16>();

}  // namespace arenastore::kernels
