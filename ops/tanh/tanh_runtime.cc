// tanh's runtime unit: the shared table lookup (runtime/table_lookup_lowering.h), int8 or
// int16.
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kTanhRuntime =
    Int8OrInt16TableLookupRuntime(kernels::kTanhArity, &LowerSigmoidTableLookup);

}  // namespace arenastore::runtime
