// relu's runtime unit: the shared table lookup (int8 table or int16 record)
// (runtime/table_lookup_lowering.h).
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kReluRuntime =
    Int8OrInt16TableLookupRuntime(kernels::kReluArity, &LowerTableLookup);

}  // namespace arenastore::runtime
