#include "ops/minimum/minimum.h"

#include "kernels/kernel_rows.h"
#include "ops/minimum/ref.h"

namespace arenastore::kernels {
extern const OpKernels kMinimumKernels = RefOnlyKernels<OpKind::kMinimum, &ref::MinimumScratchBytes,
                                                        &ref::Minimum, &ref::MinimumInt16>();

}  // namespace arenastore::kernels
