// relu6's runtime unit: the shared table lookup (int8 table or int16 record)
// (runtime/table_lookup_lowering.h).
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kRelu6Runtime =
    Int8OrInt16TableLookupRuntime(kernels::kRelu6Arity, &LowerTableLookup);

}  // namespace arenastore::runtime
