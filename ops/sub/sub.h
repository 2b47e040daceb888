// sub: elementwise difference of two int8 tensors with numpy broadcasting, each input rescaled
// to a common scale, the difference requantized and clamped (TensorFlow Lite's int8 SUB).
// Its params share add's layout (kernels::AddParams: the arithmetic is add's with one sign
// flipped), lowered by the planner and the runtime and read by its kernel (ref.h); the check
// below is the one every variant runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "base/status.h"
#include "kernels/param_types.h"
#include "ops/add/add.h"

namespace arenastore::kernels {

using SubParams = AddParams;

inline constexpr OpArity kSubArity = {2, 2, false};

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent.
Status CheckSubParams(const SubParams& params, const char* kernel);

}  // namespace arenastore::kernels
