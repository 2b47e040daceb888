#include "ops/rsqrt/rsqrt.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/rsqrt/ref.h"

namespace arenastore::kernels {
extern const OpKernels kRsqrtKernels = RefOnlyKernels<OpKind::kRsqrt, &ref::TableLookupScratchBytes,
                                                      &ref::TableLookup, &ref::RsqrtInt16>();

}  // namespace arenastore::kernels
