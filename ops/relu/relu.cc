#include "ops/relu/relu.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::relu, kReluArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kRelu, KernelDtype::kInt8, "relu/ref"),
};
static_assert(StartsWithRef(kEntries),
              "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kReluKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
