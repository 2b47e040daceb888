// div's runtime lowering: a verified artifact's operator -> kernels::DivParams, each field
// checked on the way (runtime/op_params_builder.h): the inputs broadcast to the output and the
// fixed-point multiplier lies in the range the kernel's shifts can carry.
#include "runtime/broadcast_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerRescaledBroadcast<schema::DivOptions, kernels::DivParams, kernels::kMinDivOutputShift,
                                kernels::kMaxDivOutputShift>(c, &params->div);
}

}  // namespace

extern const RuntimeOp kDivRuntime =
    RuntimeUnit<schema::DivOptions>(BroadcastOperands(kernels::kDivArity), &Lower);

}  // namespace arenastore::runtime
