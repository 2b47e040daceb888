// slice: an int8 or int16 tensor of rank 1 to 6 cut to `size` elements from `begin` along every
// dimension (a size of -1, "to the end", resolved at import); a byte copy, input and output
// quantized alike. Its params (a strided copy built by MakeSliceWalk, kernels/strided_copy.h,
// for the planner and the runtime alike, strides all 1) and the one check every variant runs.
// The rows are in slice.cc, the kernel in ref.h. Freestanding, allocation-free.
// The walk counts bytes: an int16 one is widened by kernels/strided_copy_widen.h.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using SliceParams = StridedCopyParams;

inline constexpr OpArity kSliceArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(SliceParams, 60);

Status CheckSliceParams(const SliceParams& params, const char* kernel);

}  // namespace arenastore::kernels
