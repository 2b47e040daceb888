#include "ops/reduce_max/reduce_max.h"

#include "kernels/kernel_rows.h"
#include "ops/reduce_max/ref.h"

namespace arenastore::kernels {

extern const OpKernels kReduceMaxKernels =
    RefOnlyKernels<OpKind::kReduceMax, &ref::ReduceMaxScratchBytes, &ref::ReduceMax>();

}  // namespace arenastore::kernels
