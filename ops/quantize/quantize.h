// quantize: an int8 tensor requantized to another int8 scale and zero point.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/quantize/quantize_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using QuantizeParams = TableLookupParams;

inline constexpr OpArity kQuantizeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(QuantizeParams, 8);

}  // namespace arenastore::kernels
