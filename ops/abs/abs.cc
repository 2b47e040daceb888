#include "ops/abs/abs.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/abs/ref.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kAbs>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::AbsInt16>(),
};
extern const OpKernels kAbsKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
