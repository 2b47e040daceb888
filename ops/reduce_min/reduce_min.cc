#include "ops/reduce_min/reduce_min.h"

#include "kernels/kernel_rows.h"
#include "ops/reduce_min/ref.h"

namespace arenastore::kernels {

extern const OpKernels kReduceMinKernels =
    RefOnlyKernels<OpKind::kReduceMin, &ref::ReduceMinScratchBytes, &ref::ReduceMin>();

}  // namespace arenastore::kernels
