#include "ops/relu/relu_table.h"

#include <algorithm>
#include <cmath>

#include "kernels/fixed_point.h"

namespace arenastore::planner {

Result<Int8Table> ReluTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "RELU";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  // Prepare: the input-to-output rescale, the ratio taken in double (not float) as TFLM does.
  ARENASTORE_ASSIGN_OR_RETURN(const FixedPointMultiplier rescale,
                              CheckedQuantizeMultiplier(static_cast<double>(q.input_scale) /
                                                            static_cast<double>(q.output_scale),
                                                        kOp, "input/output"));
  // Prepare: act_min = 0 quantized on the output, roundf(0.0f / scale) == 0; act_max is +inf, so
  // the upper clamp is int8's own.
  const int32_t activation_min = std::max<int32_t>(
      -128, q.output_zero_point + static_cast<int32_t>(std::roundf(0.0f / q.output_scale)));
  // Eval: rescale the centred input, add the output zero point, clamp to [act_min, 127].
  return MapEveryInt8([&](int32_t value) {
    const int32_t rescaled = kernels::MultiplyByQuantizedMultiplier(
        value - q.input_zero_point, rescale.multiplier, rescale.shift);
    return std::min<int32_t>(127, std::max(activation_min, q.output_zero_point + rescaled));
  });
}

}  // namespace arenastore::planner
