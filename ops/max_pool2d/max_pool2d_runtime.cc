// max_pool2d's runtime lowering: a verified artifact's operator -> kernels::Pool2dParams, the
// window checked against the shapes (runtime/pool2d_lowering.h).
#include "runtime/pool2d_lowering.h"
#include "runtime/row_strip_unit.h"

namespace arenastore::runtime {

extern const RuntimeOp kMaxPool2dRuntime =
    Pool2dRuntime<&kernels::OpParams::max_pool2d>(kernels::kMaxPool2dArity);

extern const RowStripUnit kMaxPool2dRowStrip = kWindowOpRowStrip<&kernels::OpParams::max_pool2d>;

}  // namespace arenastore::runtime
