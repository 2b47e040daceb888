// tanh's runtime unit: the shared table lookup (runtime/table_lookup_lowering.h), int8 or
// int16.
#include "runtime/runtime_op.h"
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {
extern const RuntimeOp kTanhRuntime = {schema::OpOptions::TableLookupOptions, false,
                                       Int8OrInt16TableLookupOperands(kernels::kTanhArity),
                                       &LowerSigmoidTableLookup};

}  // namespace arenastore::runtime
