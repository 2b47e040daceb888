#include "ops/maximum/maximum.h"

#include "kernels/kernel_rows.h"
#include "ops/maximum/ref.h"

namespace arenastore::kernels {
extern const OpKernels kMaximumKernels = RefOnlyKernels<OpKind::kMaximum, &ref::MaximumScratchBytes,
                                                        &ref::Maximum, &ref::MaximumInt16>();

}  // namespace arenastore::kernels
