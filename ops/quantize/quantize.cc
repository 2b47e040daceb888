#include "ops/quantize/quantize.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
namespace {

using Rows = KernelRows<&OpParams::quantize, kQuantizeArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(
        OpKind::kQuantize, KernelDtype::kInt8, "quantize/ref"),
};
static_assert(StartsWithRef(kEntries),
              "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kQuantizeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
