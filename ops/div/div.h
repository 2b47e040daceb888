// div: elementwise quotient of two int8 tensors with numpy broadcasting, requantized and clamped
// (TensorFlow Lite's int8 DIV): the divisor's reciprocal in fixed point, one multiplier for
// scale1 / (scale2 * output scale). Its params (lowered by the planner and the runtime, read by
// ref.h) and the check every variant runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct DivParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset;     // minus the inputs' zero points
  int32_t output_offset;                    // the output zero point
  int32_t output_multiplier, output_shift;  // scale1 / (scale2 * output scale), any magnitude
  int32_t activation_min, activation_max;
};

inline constexpr OpArity kDivArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(DivParams, 100);

// The output shifts a DivParams may carry: a quotient's final rescale adds at most 8 bits of
// reciprocal and 31 of headroom to it, and these bounds keep every shift of the arithmetic
// within what int32 fixed point can express.
inline constexpr int32_t kMinDivOutputShift = -31;
inline constexpr int32_t kMaxDivOutputShift = 22;

Status CheckDivParams(const DivParams& params, const char* kernel);

}  // namespace arenastore::kernels
