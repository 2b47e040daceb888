// add's runtime lowering: a verified artifact's operator (AddOptions) -> kernels::AddParams,
// checked as runtime/rescaled_add_lowering.h does for add and sub.
#include "runtime/rescaled_add_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerRescaledAdd(c, &params->add);
}

}  // namespace

extern const RuntimeOp kAddRuntime = {schema::OpOptions::AddOptions, false,
                                      BroadcastOperands(kernels::kAddArity), &Lower};

}  // namespace arenastore::runtime
