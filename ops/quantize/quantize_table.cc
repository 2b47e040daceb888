#include "ops/quantize/quantize_table.h"

#include "kernels/fixed_point.h"

namespace arenastore::planner {

Result<Int8Table> QuantizeTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "QUANTIZE";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  // Prepare: effective scale input / output in double. Requantize's same-scale fast path only
  // applies between int8 and uint8, so int8 -> int8 always takes the general path below.
  ARENASTORE_ASSIGN_OR_RETURN(const FixedPointMultiplier rescale,
                              CheckedQuantizeMultiplier(static_cast<double>(q.input_scale) /
                                                            static_cast<double>(q.output_scale),
                                                        kOp, "input/output"));
  // Eval: rescale the centred input, add the output zero point, clamp to int8.
  return MapEveryInt8([&](int32_t value) {
    return ClampToInt8(kernels::MultiplyByQuantizedMultiplier(value - q.input_zero_point,
                                                              rescale.multiplier, rescale.shift) +
                       q.output_zero_point);
  });
}

}  // namespace arenastore::planner
