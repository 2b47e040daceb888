#include "ops/rsqrt/rsqrt.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/rsqrt/ref.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kRsqrt>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::RsqrtInt16>(),
};
extern const OpKernels kRsqrtKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
