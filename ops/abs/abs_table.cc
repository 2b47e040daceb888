#include "ops/abs/abs_table.h"

#include <cstdlib>

#include "kernels/fixed_point.h"

namespace arenastore::planner {

Result<FixedPointMultiplier> AbsRescale(const UnaryQuantization& q) {
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, "ABS"));
  return CheckedQuantizeMultiplier(
      static_cast<double>(q.input_scale) / static_cast<double>(q.output_scale), "ABS",
      "input/output");
}

Result<Int8Table> AbsTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "ABS";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  // Prepare: rescale only when the two float scales differ; then the ratio is taken in double.
  if (q.input_scale == q.output_scale) {
    // Eval without rescale: |x - input zero point| + output zero point, clamped.
    return MapEveryInt8([&](int32_t value) {
      return ClampToInt8(std::abs(value - q.input_zero_point) + q.output_zero_point);
    });
  }
  ARENASTORE_ASSIGN_OR_RETURN(const FixedPointMultiplier rescale, AbsRescale(q));
  // Eval with rescale: the magnitude of the centred input, rescaled, plus the output zero point.
  return MapEveryInt8([&](int32_t value) {
    return ClampToInt8(kernels::MultiplyByQuantizedMultiplier(std::abs(value - q.input_zero_point),
                                                              rescale.multiplier, rescale.shift) +
                       q.output_zero_point);
  });
}

}  // namespace arenastore::planner
