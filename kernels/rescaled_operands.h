// The rescaled sums' arithmetic, as TensorFlow Lite Micro computes it: each offset operand shifted
// left by left_shift and brought to the common scale by its multiplier below one (RescaleOperands
// for add, sub and squared_difference). Called by those ops' ref kernels; the params check bounds
// each shifted operand inside int32. Freestanding, inline.
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

}  // namespace arenastore::kernels
