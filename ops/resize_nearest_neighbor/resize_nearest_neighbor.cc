#include "ops/resize_nearest_neighbor/resize_nearest_neighbor.h"

#include "kernels/kernel_rows.h"
#include "ops/resize_nearest_neighbor/ref.h"

namespace arenastore::kernels {

Status CheckResizeNearestNeighborParams(const ResizeNearestNeighborParams& p, const char* kernel) {
  return CheckResizeParams(p, kernel);
}

namespace {

using Rows = KernelRows<&OpParams::resize_nearest_neighbor, kResizeNearestNeighborArity.min_inputs>;

constexpr KernelEntry kEntries[] = {
    Rows::Row<Isa::kRef, &ref::ResizeNearestNeighborScratchBytes, &ref::ResizeNearestNeighbor>(
        OpKind::kResizeNearestNeighbor, KernelDtype::kInt8, "resize_nearest_neighbor/ref"),
    Rows::Int16Row<Isa::kRef, &ref::ResizeNearestNeighborScratchBytes,
                   &ref::ResizeNearestNeighborInt16>(OpKind::kResizeNearestNeighbor,
                                                     "resize_nearest_neighbor/ref"),
};
static_assert(StartsWithRef(kEntries), "an op's first row is its ref kernel, built everywhere");

}  // namespace

extern const OpKernels kResizeNearestNeighborKernels = OpKernelsOf(kEntries);

}  // namespace arenastore::kernels
