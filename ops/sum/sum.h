// sum: the int8 sum over the given axes, as TensorFlow Lite Micro's SUM: (sum - count * input zero
// point) rescaled by input scale / output scale plus the output zero point, saturated.
// Its params (kernels/reduction_params.h, shared by the four reductions,
// with the check every variant runs: CheckRescaledReduceParams, shared with mean). The variants'
// rows are in sum.cc; the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/reduction_params.h"

namespace arenastore::kernels {

using SumParams = ReduceParams;

inline constexpr OpArity kSumArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(SumParams, 68);

}  // namespace arenastore::kernels
