#include "ops/leaky_relu/leaky_relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
constexpr char kInt16Name[] = "leaky_relu/ref";
extern const OpKernels kLeakyReluKernels =
    RefOnlyKernels<OpKind::kLeakyRelu, &ref::TableLookupScratchBytes, &ref::TableLookup,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>();

}  // namespace arenastore::kernels
