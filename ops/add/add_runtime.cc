// add's runtime lowering: a verified artifact's operator (AddOptions) -> kernels::AddParams,
// checked as runtime/rescaled_add_lowering.h does for add and sub.
#include "runtime/rescaled_add_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kAddRuntime =
    RescaledAddRuntime<&kernels::OpParams::add>(kernels::kAddArity);

}  // namespace arenastore::runtime
