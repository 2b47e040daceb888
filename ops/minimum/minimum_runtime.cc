// minimum's runtime lowering: a verified artifact's operator -> kernels::MinimumParams, the
// inputs checked to broadcast to the output (runtime/broadcast_lowering.h).
#include "runtime/broadcast_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kMinimumRuntime = BroadcastOnlyRuntime<&kernels::OpParams::minimum>(
    schema::OpOptions::MaximumMinimumOptions, kernels::kMinimumArity);

}  // namespace arenastore::runtime
