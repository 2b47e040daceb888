#include "ops/elu/elu_table.h"

#include <cmath>

namespace arenastore::planner {

Result<Int8Table> EluTable(const UnaryQuantization& q) {
  constexpr const char* kOp = "ELU";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  // PopulateLookupTable, in float throughout: dequantize, transform (exp(x) - 1 below zero, the
  // identity otherwise), multiply by the float reciprocal of the output scale (not divide),
  // round half away from zero, add the zero point in float, convert, clamp.
  const float inverse_scale = 1 / q.output_scale;
  Int8Table table{};
  for (int32_t value = -128; value <= 127; ++value) {
    const float dequantized = q.input_scale * static_cast<float>(value - q.input_zero_point);
    const float transformed = dequantized < 0.0f ? std::exp(dequantized) - 1.0f : dequantized;
    const float rescaled = std::round(transformed * inverse_scale);
    const float shifted = rescaled + static_cast<float>(q.output_zero_point);
    if (!(shifted >= -2147483648.0f && shifted < 2147483648.0f)) {
      return TableError(kOp, "input {} maps to {} before the clamp, outside int32", value, shifted);
    }
    table[Int8TableIndex(value)] = static_cast<int8_t>(ClampToInt8(static_cast<int32_t>(shifted)));
  }
  return table;
}

}  // namespace arenastore::planner
