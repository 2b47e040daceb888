#include "ops/leaky_relu/leaky_relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
constexpr char kInt16Name[] = "leaky_relu/ref";
using Rows = KernelRows<OpKind::kLeakyRelu>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>(),
};
extern const OpKernels kLeakyReluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
