// rsqrt's runtime unit: the shared int8 table lookup (runtime/table_lookup_lowering.h).
#include "runtime/runtime_op.h"
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {
extern const RuntimeOp kRsqrtRuntime = {schema::OpOptions::TableLookupOptions, false,
                                        TableLookupOperands(kernels::kRsqrtArity),
                                        &LowerTableLookup};

}  // namespace arenastore::runtime
