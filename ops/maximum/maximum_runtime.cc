// maximum's runtime lowering: a verified artifact's operator -> kernels::MaximumParams, the
// inputs checked to broadcast to the output (runtime/broadcast_lowering.h).
#include "runtime/broadcast_lowering.h"
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerBroadcast(c, &params->maximum);
}

}  // namespace

extern const RuntimeOp kMaximumRuntime = {schema::OpOptions::MaximumMinimumOptions, false,
                                          BroadcastOperands(kernels::kMaximumArity), &Lower};

}  // namespace arenastore::runtime
