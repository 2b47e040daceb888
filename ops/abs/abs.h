// abs: |x|, requantized to the output scale.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/abs/abs_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using AbsParams = TableLookupParams;

inline constexpr OpArity kAbsArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(AbsParams, 8);

}  // namespace arenastore::kernels
