#include "ops/tanh/tanh.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/tanh/ref.h"

namespace arenastore::kernels {
extern const OpKernels kTanhKernels = RefOnlyKernels<OpKind::kTanh, &ref::TableLookupScratchBytes,
                                                     &ref::TableLookup, &ref::TanhInt16>();

}  // namespace arenastore::kernels
