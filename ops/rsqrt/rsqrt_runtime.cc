// rsqrt's runtime unit: the shared table-lookup lowering (runtime/table_lookup_lowering.h), int8
// or int16 (16x8, whose table is the rescale record of kernels/int16_rescale.h).
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {

extern const RuntimeOp kRsqrtRuntime =
    Int8OrInt16TableLookupRuntime(kernels::kRsqrtArity, &LowerRescaleTableLookup);

}  // namespace arenastore::runtime
