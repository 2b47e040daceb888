// broadcast_to: an int8 or int16 tensor repeated numpy-style to a shape of rank up to 6
// (right-aligned; dimensions of 1 repeat), as TensorFlow Lite's BroadcastTo: a byte copy, input and
// output quantized alike. Its params (a strided copy, step 0 on repeated dimensions, built by
// MakeBroadcastToParams for planner and runtime alike) and the check every variant runs; rows in
// broadcast_to.cc, kernel in ref.h. Freestanding, allocation-free.
// The walk counts bytes: an int16 one is widened by kernels/strided_copy_widen.h.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using BroadcastToParams = StridedCopyParams;

inline constexpr OpArity kBroadcastToArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(BroadcastToParams, 60);

Status CheckBroadcastToParams(const BroadcastToParams& params, const char* kernel);

// The walk repeating `input_shape` to `output_shape`; kKernelInvalidParams unless the input's
// rank is at most the output's (in [1, kMaxStridedCopyRank]) and every right-aligned input
// dimension equals the output's or is 1.
Status MakeBroadcastToParams(int32_t input_rank, const int32_t* input_shape, int32_t output_rank,
                             const int32_t* output_shape, BroadcastToParams* params);

}  // namespace arenastore::kernels
