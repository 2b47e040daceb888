#include "ops/relu6/relu6.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
constexpr char kInt16Name[] = "relu6/ref";
extern const OpKernels kRelu6Kernels =
    RefOnlyKernels<OpKind::kRelu6, &ref::TableLookupScratchBytes, &ref::TableLookup,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>();

}  // namespace arenastore::kernels
