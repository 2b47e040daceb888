// relu6: the input clamped between q(0) and q(6) of its own quantization, not requantized (as
// TensorFlow Lite Micro's Relu6Quantized does).
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/relu6/relu6_table.h from
// TensorFlow Lite Micro's reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using Relu6Params = TableLookupParams;

inline constexpr OpArity kRelu6Arity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(Relu6Params, 8);

}  // namespace arenastore::kernels
