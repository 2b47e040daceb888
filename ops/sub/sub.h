// sub: elementwise difference of two int8 tensors with numpy broadcasting, each input rescaled
// to a common scale, the difference requantized and clamped (TensorFlow Lite's int8 SUB).
// Its params share add's layout (kernels::RescaledAddParams: the arithmetic is add's with one
// sign flipped), lowered by the planner and the runtime and read by its kernel (ref.h); the check
// below is the one every variant runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/rescaled_add_params.h"

namespace arenastore::kernels {

using SubParams = RescaledAddParams;

inline constexpr OpArity kSubArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(SubParams, 120);

Status CheckSubParams(const SubParams& params, const char* kernel);

}  // namespace arenastore::kernels
