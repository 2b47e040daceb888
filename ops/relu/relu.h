// relu: max(x, 0), requantized to the output scale (TensorFlow Lite Micro's ReluQuantized).
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/relu/relu_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using ReluParams = TableLookupParams;

inline constexpr OpArity kReluArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ReluParams, 8);

}  // namespace arenastore::kernels
