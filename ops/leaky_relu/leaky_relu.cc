#include "ops/leaky_relu/leaky_relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

constexpr char kInt16Name[] = "leaky_relu/ref";
using Rows = KernelRows<&OpParams::leaky_relu, kLeakyReluArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kLeakyRelu, KernelDtype::kInt8, "leaky_relu/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>(OpKind::kLeakyRelu, kInt16Name),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kLeakyReluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
