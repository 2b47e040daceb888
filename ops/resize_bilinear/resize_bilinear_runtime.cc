// resize_bilinear's runtime lowering: a verified artifact's operator ->
// kernels::ResizeBilinearParams, through the lowering the two resizes share
// (runtime/resize_lowering.h).
#include "runtime/resize_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kResizeBilinearRuntime =
    ResizeRuntime<&kernels::OpParams::resize_bilinear, false>(kernels::kResizeBilinearArity);

}  // namespace arenastore::runtime
