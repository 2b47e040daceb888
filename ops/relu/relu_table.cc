#include "ops/relu/relu_table.h"

#include <algorithm>
#include <cmath>

namespace arenastore::planner {

Result<kernels::PiecewiseRescale> ReluRescale(const UnaryQuantization& q, ValueRange range) {
  constexpr const char* kOp = "RELU";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp, range));
  if (range.max > kInt8Range.max && (q.input_zero_point != 0 || q.output_zero_point != 0)) {
    return TableError(kOp, "int16 zero points are {} and {}, expected 0 (as TFLM requires)",
                      q.input_zero_point, q.output_zero_point);
  }
  // Prepare: the input-to-output rescale, the ratio taken in double (not float) as TFLM does.
  ARENASTORE_ASSIGN_OR_RETURN(const FixedPointMultiplier rescale,
                              CheckedQuantizeMultiplier(static_cast<double>(q.input_scale) /
                                                            static_cast<double>(q.output_scale),
                                                        kOp, "input/output"));
  // Prepare: act_min = 0 quantized on the output, roundf(0.0f / scale) == 0; act_max is +inf, so
  // the upper clamp is the type's own.
  const int32_t activation_min = std::max<int32_t>(
      range.min, q.output_zero_point + static_cast<int32_t>(std::roundf(0.0f / q.output_scale)));
  // Eval: rescale the centred input (one multiplier whatever its sign), add the output zero
  // point, clamp to [act_min, type max].
  return kernels::PiecewiseRescale{
      q.input_zero_point, q.output_zero_point, rescale.multiplier, rescale.shift,
      rescale.multiplier, rescale.shift,       activation_min,     range.max};
}

Result<Int8Table> ReluTable(const UnaryQuantization& q) {
  return TableOfRescale(ReluRescale(q, kInt8Range));
}

}  // namespace arenastore::planner
