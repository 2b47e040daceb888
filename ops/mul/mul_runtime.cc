// mul's runtime lowering: a verified artifact's operator -> kernels::MulParams, each field
// checked on the way (runtime/op_params_builder.h): the inputs broadcast to the output.
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  ARENASTORE_RETURN_IF_FAILED(LowerRescaledBroadcast<schema::MulOptions>(c, &params->mul));
  return ExpectOneWidth(c);  // one type throughout
}

}  // namespace

extern const RuntimeOp kMulRuntime =
    RuntimeUnit<schema::MulOptions>(Int8OrInt16BroadcastOperands(kernels::kMulArity), &Lower);

}  // namespace arenastore::runtime
