// elu's runtime unit: the shared int8 table lookup (runtime/table_lookup_lowering.h).
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kEluRuntime = TableLookupRuntime(kernels::kEluArity);

}  // namespace arenastore::runtime
