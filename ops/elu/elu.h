// elu: x for x >= 0, exp(x) - 1 below, from the float table TensorFlow Lite Micro's Prepare builds.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/elu/elu_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using EluParams = TableLookupParams;

inline constexpr OpArity kEluArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(EluParams, 8);

}  // namespace arenastore::kernels
