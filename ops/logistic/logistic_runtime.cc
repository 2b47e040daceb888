// logistic's runtime unit: the shared table lookup (runtime/table_lookup_lowering.h), int8 or
// int16.
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kLogisticRuntime =
    Int8OrInt16TableLookupRuntime(kernels::kLogisticArity, &LowerSigmoidTableLookup);

}  // namespace arenastore::runtime
