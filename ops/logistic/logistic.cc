#include "ops/logistic/logistic.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"
#include "ops/logistic/ref.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::logistic, kLogisticArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kLogistic, KernelDtype::kInt8, "logistic/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::LogisticInt16>(OpKind::kLogistic,
                                                                                  "logistic/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kLogisticKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
