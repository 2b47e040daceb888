#include "ops/relu/relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
constexpr char kInt16Name[] = "relu/ref";
using Rows = KernelRows<OpKind::kRelu>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>(),
};
extern const OpKernels kReluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
