#include "ops/logistic/logistic.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/logistic/ref.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kLogistic>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::LogisticInt16>(),
};
extern const OpKernels kLogisticKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
