// maximum's runtime lowering: a verified artifact's operator -> kernels::MaximumParams, the
// inputs checked to broadcast to the output (runtime/broadcast_lowering.h).
#include "runtime/broadcast_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kMaximumRuntime = BroadcastOnlyRuntime<&kernels::OpParams::maximum>(
    schema::OpOptions::MaximumMinimumOptions, kernels::kMaximumArity);

}  // namespace arenastore::runtime
