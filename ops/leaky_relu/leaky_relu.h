// leaky_relu: x for x >= 0, alpha * x below, each side requantized with its own multiplier.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/leaky_relu/leaky_relu_table.h
// from TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using LeakyReluParams = TableLookupParams;

inline constexpr OpArity kLeakyReluArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(LeakyReluParams, 8);

}  // namespace arenastore::kernels
