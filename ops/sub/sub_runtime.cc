// sub's runtime lowering: a verified artifact's operator (AddOptions) -> kernels::AddParams,
// checked as runtime/rescaled_add_lowering.h does for add and sub.
#include "runtime/moved_elements.h"
#include "runtime/rescaled_add_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerRescaledAdd(c, &params->sub) && MovedElementBytes(c) != 0;  // one type throughout
}

}  // namespace

extern const RuntimeOp kSubRuntime = {schema::OpOptions::AddOptions, false,
                                      Int8OrInt16BroadcastOperands(kernels::kSubArity), &Lower};

}  // namespace arenastore::runtime
