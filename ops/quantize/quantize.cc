#include "ops/quantize/quantize.h"

#include "kernels/kernel_rows.h"
#include "kernels/table_lookup.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kQuantize>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::TableLookupScratchBytes, &ref::TableLookup>(),
};
extern const OpKernels kQuantizeKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
