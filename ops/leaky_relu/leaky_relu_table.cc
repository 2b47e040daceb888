#include "ops/leaky_relu/leaky_relu_table.h"

#include <cmath>

#include "kernels/fixed_point.h"

namespace arenastore::planner {

Result<Int8Table> LeakyReluTable(const UnaryQuantization& q, float alpha) {
  constexpr const char* kOp = "LEAKY_RELU";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  if (!std::isfinite(alpha)) return TableError(kOp, "alpha is {}, expected a finite number", alpha);
  // Prepare: unlike RELU, both ratios are computed in float and only then widened to double:
  // input_scale * alpha / output_scale (left to right) for negative inputs, and
  // input_scale / output_scale for the others. alpha is never quantized on its own; a negative
  // alpha gives a negative multiplier, which the fixed-point multiply handles as TFLM's does.
  const float alpha_ratio = q.input_scale * alpha / q.output_scale;
  const float identity_ratio = q.input_scale / q.output_scale;
  ARENASTORE_ASSIGN_OR_RETURN(
      const FixedPointMultiplier alpha_rescale,
      CheckedQuantizeMultiplier(static_cast<double>(alpha_ratio), kOp, "alpha"));
  ARENASTORE_ASSIGN_OR_RETURN(
      const FixedPointMultiplier identity_rescale,
      CheckedQuantizeMultiplier(static_cast<double>(identity_ratio), kOp, "identity"));
  // Eval: the centred input picks its multiplier by sign (zero counts as non-negative), then
  // output zero point and the int8 clamp.
  return MapEveryInt8([&](int32_t value) {
    const int32_t centred = value - q.input_zero_point;
    const FixedPointMultiplier& rescale = centred >= 0 ? identity_rescale : alpha_rescale;
    return ClampToInt8(q.output_zero_point + kernels::MultiplyByQuantizedMultiplier(
                                                 centred, rescale.multiplier, rescale.shift));
  });
}

}  // namespace arenastore::planner
