#include "ops/relu6/relu6.h"

#include "kernels/kernel_rows.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

constexpr char kInt16Name[] = "relu6/ref";
using Rows = KernelRows<&OpParams::relu6, kRelu6Arity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kRelu6, KernelDtype::kInt8, "relu6/ref"),
    Rows::Int16Row<Isa::kRef, &ref::TableLookupScratchBytes,
                   &ref::PiecewiseRescaleInt16<kInt16Name>>(OpKind::kRelu6, kInt16Name),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kRelu6Kernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
