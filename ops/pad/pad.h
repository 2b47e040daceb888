// pad: an int8 or int16 tensor of rank 1 to 5 surrounded by a fill value (the output zero point,
// real 0, or PADV2's constant_values), a (before, after) count per dimension. Its params (lowered
// by the planner and the runtime, read by every variant) and the one check every variant runs
// before trusting them. The variants' rows are in pad.cc; the kernels in this folder (ref.h,
// x86.h). Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int kMaxPadRank = 5;

struct PadParams {
  int32_t rank;
  int32_t input_shape[kMaxPadRank];
  int32_t before[kMaxPadRank], after[kMaxPadRank];
  int32_t pad_value;  // the fill: the output zero point, or PADV2's raw constant value (of the
                      // tensors' type: int8 or int16 by the op's dtype)
};

inline constexpr OpArity kPadArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(PadParams, 68);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent, the fill
// included: an int8 one, or (CheckInt16PadParams) an int16 one.
Status CheckPadParams(const PadParams& params, const char* kernel);
Status CheckInt16PadParams(const PadParams& params, const char* kernel);

}  // namespace arenastore::kernels
