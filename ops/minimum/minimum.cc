#include "ops/minimum/minimum.h"

#include "kernels/kernel_rows.h"
#include "ops/minimum/ref.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kMinimum>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MinimumScratchBytes, &ref::Minimum>(),
    Rows::Int16Row<Isa::kRef, &ref::MinimumScratchBytes, &ref::MinimumInt16>(),
};
extern const OpKernels kMinimumKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
