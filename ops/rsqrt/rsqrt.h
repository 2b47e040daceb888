// rsqrt: 1 / sqrt(x) of an int8 tensor in TensorFlow Lite Micro's integer steps (a Newton-Raphson
// inverse square root of the centred input, then two fixed-point rescales).
// Runs as an int8 table lookup: its params are kernels::TableLookupParams, its kernel the shared
// kernels/table_lookup.h, its 256 entries built on the host by ops/rsqrt/rsqrt_table.h from TFLM's
// reference arithmetic. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"

namespace arenastore::kernels {

using RsqrtParams = TableLookupParams;

inline constexpr OpArity kRsqrtArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(RsqrtParams, 8);

}  // namespace arenastore::kernels
