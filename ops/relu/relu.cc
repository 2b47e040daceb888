#include "ops/relu/relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

constexpr char kInt16Name[] = "relu/ref";
using Rows = KernelRows<&OpParams::relu, kReluArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kRelu, KernelDtype::kInt8, "relu/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>(OpKind::kRelu, kInt16Name),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kReluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
