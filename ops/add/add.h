// add: elementwise sum of two int8 tensors with numpy broadcasting, each input rescaled
// to a common scale, the sum requantized and clamped (TensorFlow Lite's int8 ADD).
// Its params (the rescaled adds' layout, kernels/rescaled_add_params.h, which sub shares; lowered
// by the planner and the runtime, read by every variant) and the one check every variant runs
// before trusting them. The variants' rows are in add.cc; the kernels in this folder (ref.h,
// arm_dsp.h, arm_mve.h, x86.h). Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/rescaled_add_params.h"

namespace arenastore::kernels {

using AddParams = RescaledAddParams;

inline constexpr OpArity kAddArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(AddParams, 120);

Status CheckAddParams(const AddParams& params, const char* kernel);

}  // namespace arenastore::kernels
