// logistic: 1 / (1 + exp(-x)) in gemmlowp fixed point, output scale 1/256 and zero point -128.
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/logistic/logistic_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using LogisticParams = TableLookupParams;

inline constexpr OpArity kLogisticArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(LogisticParams, 8);

}  // namespace arenastore::kernels
