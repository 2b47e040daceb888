#include "ops/relu6/relu6.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::relu6, kRelu6Arity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kRelu6, KernelDtype::kInt8, "relu6/ref"),
};
static_assert(StartsWithRef(kEntries),
              "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kRelu6Kernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
