#include "ops/shape/shape.h"

#include "kernels/kernel_rows.h"
#include "ops/shape/ref.h"

namespace arenastore::kernels {

Status CheckShapeParams(const ShapeParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.rank >= 0 && p.rank <= kMaxShapeRank, "rank %d not in [0, %d]",
                          p.rank, kMaxShapeRank);
  for (int32_t d = 0; d < p.rank; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel, p.dims[d] >= 0, "dims[%d] = %d is negative", d, p.dims[d]);
  }
  return Status::Ok();
}

// Only the params (the input's dims) are read, never the input's elements.
extern const OpKernels kShapeKernels =
    RefOnlyKernels<OpKind::kShape, &ref::ShapeScratchBytes, &ref::Shape, &ref::Shape>();

}  // namespace arenastore::kernels
