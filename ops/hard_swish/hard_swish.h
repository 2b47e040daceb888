// hard_swish: x * relu6(x + 3) / 6 in TensorFlow Lite's 16-bit fixed-point steps.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/hard_swish/hard_swish_table.h
// from TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using HardSwishParams = TableLookupParams;

inline constexpr OpArity kHardSwishArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(HardSwishParams, 8);

}  // namespace arenastore::kernels
