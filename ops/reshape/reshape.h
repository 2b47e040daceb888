// reshape: the same bytes under another shape: a copy, or nothing at all when the
// planner aliased the output onto the input.
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in reshape.cc; the kernels in
// this folder (ref.h). Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// A reshape copies bytes unless the planner aliased output onto input (then it does nothing).
struct ReshapeParams {
  int32_t bytes;
};

inline constexpr OpArity kReshapeArity = {1, 2, false};
ARENASTORE_CORTEX_M_BYTES(ReshapeParams, 4);

Status CheckReshapeParams(const ReshapeParams& params, const char* kernel);

}  // namespace arenastore::kernels
