// reduce_max: the int8 maximum over the given axes, as TensorFlow Lite Micro's REDUCE_MAX (input
// and output share quantization). Its params (kernels/reduction_params.h, shared by the four
// reductions, with the check every variant runs: CheckExtremumReduceParams, shared with
// reduce_min). The variants' rows are in reduce_max.cc; the kernel in ref.h. Freestanding,
// allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/reduction_params.h"

namespace arenastore::kernels {

using ReduceMaxParams = ReduceParams;

inline constexpr OpArity kReduceMaxArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ReduceMaxParams, 68);

}  // namespace arenastore::kernels
