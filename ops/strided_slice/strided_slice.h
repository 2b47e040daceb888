// strided_slice: an int8 or int16 tensor (rank 1 to 6) sliced per dimension: count elements from
// begin, every stride (negative: backwards); TFLite's masks, negative indices and shrunk axes are
// resolved at import. A byte copy, input and output quantized alike. Its params (a strided copy,
// kernels/strided_copy.h, built by MakeSliceWalk for planner and runtime alike) and the check
// every variant runs; rows in strided_slice.cc, kernel in ref.h. Freestanding, allocation-free.
// The walk counts bytes: an int16 one is widened by kernels/strided_copy_widen.h.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using StridedSliceParams = StridedCopyParams;

inline constexpr OpArity kStridedSliceArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(StridedSliceParams, 60);

Status CheckStridedSliceParams(const StridedSliceParams& params, const char* kernel);

}  // namespace arenastore::kernels
