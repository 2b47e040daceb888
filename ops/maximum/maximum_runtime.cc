// maximum's runtime lowering: a verified artifact's operator -> kernels::MaximumParams, the
// inputs checked to broadcast to the output (runtime/broadcast_lowering.h).
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerBroadcast(c, &params->maximum) && MovedElementBytes(c) != 0;  // one type throughout
}

}  // namespace

extern const RuntimeOp kMaximumRuntime = {schema::OpOptions::MaximumMinimumOptions, false,
                                          Int8OrInt16BroadcastOperands(kernels::kMaximumArity),
                                          &Lower};

}  // namespace arenastore::runtime
