// add: elementwise sum of two int8 tensors with numpy broadcasting, each input rescaled
// to a common scale, the sum requantized and clamped (TensorFlow Lite's int8 ADD).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in add.cc; the kernels in
// this folder (ref.h, arm_dsp.h, arm_mve.h, x86.h). Freestanding,
// allocation-free.
#pragma once

#include "base/status.h"
#include "kernels/param_types.h"

namespace arenastore::kernels {

struct AddParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset, output_offset;  // offsets are -zero_point
  int32_t left_shift;                                   // 20 for int8, as TensorFlow Lite
  int32_t input1_multiplier, input1_shift;
  int32_t input2_multiplier, input2_shift;
  int32_t output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

inline constexpr OpArity kAddArity = {2, 2, false};

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent.
Status CheckAddParams(const AddParams& params, const char* kernel);

}  // namespace arenastore::kernels
