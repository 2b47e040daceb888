// The params of the rescaled adds (add, sub): two broadcast int8 or int16 operands rescaled to a
// common scale, combined, requantized and clamped. One layout for the family (the kernels differ
// in the sign), so add's and sub's headers name it and the runtime's and planner's shared
// lowerings fill it without naming either op. Plain data, freestanding.
#pragma once

#include <cstdint>

#include "kernels/param_types.h"

namespace arenastore::kernels {

struct RescaledAddParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset, output_offset;  // offsets are -zero_point
  int32_t left_shift;                                   // 20 for int8, as TensorFlow Lite
  int32_t input1_multiplier, input1_shift;
  int32_t input2_multiplier, input2_shift;
  int32_t output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

}  // namespace arenastore::kernels
