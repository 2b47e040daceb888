#include "ops/resize_nearest_neighbor/resize_nearest_neighbor.h"

#include "kernels/kernel_rows.h"
#include "ops/resize_nearest_neighbor/ref.h"

namespace arenastore::kernels {

Status CheckResizeNearestNeighborParams(const ResizeNearestNeighborParams& p, const char* kernel) {
  return CheckResizeParams(p, kernel);
}

extern const OpKernels kResizeNearestNeighborKernels =
    RefOnlyKernels<OpKind::kResizeNearestNeighbor, &ref::ResizeNearestNeighborScratchBytes,
                   &ref::ResizeNearestNeighbor, &ref::ResizeNearestNeighborInt16>();

}  // namespace arenastore::kernels
