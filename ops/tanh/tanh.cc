#include "ops/tanh/tanh.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/tanh/ref.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kTanh>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TanhInt16>(),
};
extern const OpKernels kTanhKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
