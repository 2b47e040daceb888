#include "ops/rsqrt/rsqrt_table.h"

#include <cmath>
#include <cstdint>

#include "kernels/fixed_point.h"
#include "kernels/inv_sqrt.h"

namespace arenastore::planner {
namespace rsqrt_table {

constexpr const char* kOp = "RSQRT";
constexpr int kShift = kernels::kRsqrtShift;

}  // namespace rsqrt_table

Result<FixedPointMultiplier> RsqrtRescale(const UnaryQuantization& q) {
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, rsqrt_table::kOp));
  // Prepare: 1 / (sqrt(input scale) * output scale), in double.
  ARENASTORE_ASSIGN_OR_RETURN(
      const FixedPointMultiplier rescale,
      CheckedQuantizeMultiplier(1.0 / (std::sqrt(static_cast<double>(q.input_scale)) *
                                       static_cast<double>(q.output_scale)),
                                rsqrt_table::kOp, "output"));
  if (rescale.shift - rsqrt_table::kShift < -31) {
    return TableError(rsqrt_table::kOp,
                      "input scale {} and output scale {} give a right shift of {} (> 31)",
                      q.input_scale, q.output_scale, rsqrt_table::kShift - rescale.shift);
  }
  return rescale;
}

Result<Int8Table> RsqrtTable(const UnaryQuantization& q) {
  ARENASTORE_ASSIGN_OR_RETURN(const FixedPointMultiplier rescale, RsqrtRescale(q));
  return MapEveryInt8([&](int32_t value) {
    const int32_t centred = value - q.input_zero_point;
    if (centred <= 0) return int32_t{127};  // zero: TFLM's maximum; negative: TFLM fails
    const int32_t scaled = kernels::ScaledInvSqrt(centred);
    return ClampToInt8(kernels::MultiplyByQuantizedMultiplier(scaled, rescale.multiplier,
                                                              rescale.shift - rsqrt_table::kShift) +
                       q.output_zero_point);
  });
}

}  // namespace arenastore::planner
