#include "ops/relu6/relu6.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
constexpr char kInt16Name[] = "relu6/ref";
using Rows = KernelRows<OpKind::kRelu6>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>(),
};
extern const OpKernels kRelu6Kernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
