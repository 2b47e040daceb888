// minimum's runtime lowering: a verified artifact's operator -> kernels::MinimumParams, the
// inputs checked to broadcast to the output (runtime/broadcast_lowering.h).
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerBroadcast(c, &params->minimum) && MovedElementBytes(c) != 0;  // one type throughout
}

}  // namespace

extern const RuntimeOp kMinimumRuntime = {schema::OpOptions::MaximumMinimumOptions, false,
                                          Int8OrInt16BroadcastOperands(kernels::kMinimumArity),
                                          &Lower};

}  // namespace arenastore::runtime
