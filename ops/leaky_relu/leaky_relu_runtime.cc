// leaky_relu's runtime unit: the shared table lookup (int8 table or int16 record)
// (runtime/table_lookup_lowering.h).
#include "runtime/runtime_op.h"
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {
extern const RuntimeOp kLeakyReluRuntime = {
    schema::OpOptions::TableLookupOptions, false,
    Int8OrInt16TableLookupOperands(kernels::kLeakyReluArity), &LowerTableLookup};

}  // namespace arenastore::runtime
