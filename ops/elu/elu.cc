#include "ops/elu/elu.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kElu>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
};
extern const OpKernels kEluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
