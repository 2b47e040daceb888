#include "ops/relu/relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
constexpr char kInt16Name[] = "relu/ref";
extern const OpKernels kReluKernels =
    RefOnlyKernels<OpKind::kRelu, &ref::TableLookupScratchBytes, &ref::TableLookup,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>();

}  // namespace arenastore::kernels
