// mean: the int8 mean over the given axes, as TensorFlow Lite Micro's MEAN: (sum - count *
// input zero point) rescaled by input scale / (count * output scale), rounding, plus the output
// zero point (even when input and output quantization are equal).
// Its params (kernels/reduction_params.h, shared by the four reductions,
// with the check every variant runs: CheckRescaledReduceParams, shared with sum). The variants'
// rows are in mean.cc; the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/reduction_params.h"

namespace arenastore::kernels {

using MeanParams = ReduceParams;

inline constexpr OpArity kMeanArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(MeanParams, 68);

}  // namespace arenastore::kernels
