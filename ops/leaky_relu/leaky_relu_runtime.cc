// leaky_relu's runtime unit: the shared table lookup (int8 table or int16 record)
// (runtime/table_lookup_lowering.h).
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kLeakyReluRuntime =
    Int8OrInt16TableLookupRuntime(kernels::kLeakyReluArity, &LowerTableLookup);

}  // namespace arenastore::runtime
