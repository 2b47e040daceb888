#include "ops/maximum/maximum.h"

#include "kernels/kernel_rows.h"
#include "ops/maximum/ref.h"

namespace arenastore::kernels {
using Rows = KernelRows<OpKind::kMaximum>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::MaximumScratchBytes, &ref::Maximum>(),
    Rows::Int16Row<Isa::kRef, &ref::MaximumScratchBytes, &ref::MaximumInt16>(),
};
extern const OpKernels kMaximumKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
