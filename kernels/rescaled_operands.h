// The rescaled sums' arithmetic, as TensorFlow Lite Micro computes it: each offset operand shifted
// left by left_shift and brought to the common scale by its multiplier below one (RescaleOperands
// for add, sub, squared_difference and comparison; RescaleOperand for add_n and cumsum, one input
// scale), and (RequantizeSum) a sum back to int8. Called by those ops' ref kernels; the params
// check bounds each shifted operand inside int32. Freestanding, inline.
#pragma once

#include <cstdint>

#include "kernels/fixed_point.h"

namespace arenastore::kernels {

struct RescaledOperands {
  int32_t first;   // input1 at the common scale
  int32_t second;  // input2 at the common scale
};

// Params: any layout with RescaledAddParams' input fields (left_shift, offsets, multipliers).
template <typename Params>
RescaledOperands RescaleOperands(const Params& p, int32_t a, int32_t b) {
  const int32_t shifted1 = (p.input1_offset + a) * (1 << p.left_shift);
  const int32_t shifted2 = (p.input2_offset + b) * (1 << p.left_shift);
  return {
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted1, p.input1_multiplier, p.input1_shift),
      MultiplyByQuantizedMultiplierSmallerThanOneExp(shifted2, p.input2_multiplier,
                                                     p.input2_shift)};
}

// One offset operand of a sum over a single input scale (left_shift, input_multiplier and
// input_shift: add_n's and cumsum's params).
template <typename Params>
int32_t RescaleOperand(const Params& p, int32_t offset_value) {
  return MultiplyByQuantizedMultiplierSmallerThanOneExp(offset_value * (1 << p.left_shift),
                                                        p.input_multiplier, p.input_shift);
}

// A rescaled sum requantized to the int8 output and clamped to the activation range; the
// output offset adds without wrapping, as TFLM's does for these ops.
template <typename Params>
int8_t RequantizeSum(const Params& p, int32_t sum) {
  const int32_t value =
      MultiplyByQuantizedMultiplierSmallerThanOneExp(sum, p.output_multiplier, p.output_shift) +
      p.output_offset;
  return static_cast<int8_t>(Clamp(value, p.activation_min, p.activation_max));
}

}  // namespace arenastore::kernels
