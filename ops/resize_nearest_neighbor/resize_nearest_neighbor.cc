#include "ops/resize_nearest_neighbor/resize_nearest_neighbor.h"

#include "kernels/kernel_rows.h"
#include "ops/resize_nearest_neighbor/ref.h"

namespace arenastore::kernels {

Status CheckResizeNearestNeighborParams(const ResizeNearestNeighborParams& p, const char* kernel) {
  return CheckResizeParams(p, kernel);
}

using Rows = KernelRows<OpKind::kResizeNearestNeighbor>;
constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ResizeNearestNeighborScratchBytes, &ref::ResizeNearestNeighbor>(),
    Rows::Int16Row<Isa::kRef, &ref::ResizeNearestNeighborScratchBytes,
                   &ref::ResizeNearestNeighborInt16>(),
};
extern const OpKernels kResizeNearestNeighborKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
