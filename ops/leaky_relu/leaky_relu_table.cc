#include "ops/leaky_relu/leaky_relu_table.h"

#include <cmath>

namespace arenastore::planner {

Result<kernels::PiecewiseRescale> LeakyReluRescale(const UnaryQuantization& q, float alpha,
                                                   ValueRange range) {
  constexpr const char* kOp = "LEAKY_RELU";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp, range));
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
  // output zero point and the type's clamp.
  return kernels::PiecewiseRescale{q.input_zero_point,
                                   q.output_zero_point,
                                   identity_rescale.multiplier,
                                   identity_rescale.shift,
                                   alpha_rescale.multiplier,
                                   alpha_rescale.shift,
                                   range.min,
                                   range.max};
}

Result<Int8Table> LeakyReluTable(const UnaryQuantization& q, float alpha) {
  return TableOfRescale(LeakyReluRescale(q, alpha, kInt8Range));
}

}  // namespace arenastore::planner
