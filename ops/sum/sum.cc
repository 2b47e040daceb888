#include "ops/sum/sum.h"

#include "kernels/kernel_rows.h"
#include "ops/sum/ref.h"

namespace arenastore::kernels {

extern const OpKernels kSumKernels =
    RefOnlyKernels<OpKind::kSum, &ref::SumScratchBytes, &ref::Sum, &ref::SumInt16>();

}  // namespace arenastore::kernels
