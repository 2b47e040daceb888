// tanh: tanh(x) in gemmlowp fixed point, output scale 1/128 and zero point 0.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/tanh/tanh_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using TanhParams = TableLookupParams;

inline constexpr OpArity kTanhArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(TanhParams, 8);

}  // namespace arenastore::kernels
