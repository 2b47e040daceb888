// reverse_v2: an int8 or int16 tensor (rank 1 to 6) with its elements reversed along some axes
// (each walked from its last index with stride -1, resolved at import). A byte copy, input and
// output quantized alike. Its params (a strided copy, kernels/strided_copy.h, built by
// MakeSliceWalk for planner and runtime alike) and the check every variant runs; rows in
// reverse_v2.cc, kernel in ref.h. Freestanding, allocation-free. The walk counts bytes: an int16
// one is widened by kernels/strided_copy_widen.h.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using ReverseV2Params = StridedCopyParams;

inline constexpr OpArity kReverseV2Arity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ReverseV2Params, 60);

Status CheckReverseV2Params(const ReverseV2Params& params, const char* kernel);

}  // namespace arenastore::kernels
