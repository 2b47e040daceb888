// reduce_min: the int8 minimum over the given axes, as TensorFlow Lite Micro's REDUCE_MIN (input
// and output share quantization). Its params (kernels/reduction_params.h, shared by the four
// reductions, with the check every variant runs: CheckExtremumReduceParams, shared with
// reduce_max). The variants' rows are in reduce_min.cc; the kernel in ref.h. Freestanding,
// allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/reduction_params.h"

namespace arenastore::kernels {

using ReduceMinParams = ReduceParams;

inline constexpr OpArity kReduceMinArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ReduceMinParams, 68);

}  // namespace arenastore::kernels
