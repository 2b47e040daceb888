#include "ops/logistic/logistic.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/logistic/ref.h"

namespace arenastore::kernels {
extern const OpKernels kLogisticKernels =
    RefOnlyKernels<OpKind::kLogistic, &ref::TableLookupScratchBytes, &ref::TableLookup,
                   &ref::LogisticInt16>();

}  // namespace arenastore::kernels
