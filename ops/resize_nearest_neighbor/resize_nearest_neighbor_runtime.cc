// resize_nearest_neighbor's runtime lowering: a verified artifact's operator ->
// kernels::ResizeNearestNeighborParams, through the lowering the two resizes share
// (runtime/resize_lowering.h).
#include "runtime/resize_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kResizeNearestNeighborRuntime =
    ResizeRuntime<&kernels::OpParams::resize_nearest_neighbor, true>(
        kernels::kResizeNearestNeighborArity);

}  // namespace arenastore::runtime
