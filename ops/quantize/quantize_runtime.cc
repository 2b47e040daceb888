// quantize's runtime unit: the shared int8 table lookup (runtime/table_lookup_lowering.h).
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kQuantizeRuntime = TableLookupRuntime(kernels::kQuantizeArity);

}  // namespace arenastore::runtime
