// mul's runtime lowering: a verified artifact's operator -> kernels::MulParams, each field
// checked on the way (runtime/op_params_builder.h): the inputs broadcast to the output.
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerRescaledBroadcast<schema::MulOptions>(c, &params->mul) &&
         MovedElementBytes(c) != 0;  // one type throughout
}

}  // namespace

extern const RuntimeOp kMulRuntime =
    RuntimeUnit<schema::MulOptions>(Int8OrInt16BroadcastOperands(kernels::kMulArity), &Lower);

}  // namespace arenastore::runtime
