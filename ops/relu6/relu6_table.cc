#include "ops/relu6/relu6_table.h"

#include <algorithm>
#include <cmath>

namespace arenastore::planner {

Result<Int8Table> Relu6Table(const UnaryQuantization& q) {
  constexpr const char* kOp = "RELU6";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp));
  // Prepare: six = FloatToQuantizedType<int8_t>(6.0f, input scale, input zero point), i.e. the
  // float quotient rounded half away from zero, plus the zero point (in double), converted to
  // int32 and clamped to int8. The conversion is undefined beyond int32, so refuse that.
  const double six_unclamped =
      static_cast<double>(std::round(6.0f / q.input_scale)) + q.input_zero_point;
  if (!(six_unclamped < 2147483648.0)) {
    return TableError(kOp, "input scale {} puts 6.0 at {}, outside int32", q.input_scale,
                      six_unclamped);
  }
  const int32_t six = ClampToInt8(static_cast<int32_t>(six_unclamped));
  // zero is the input zero point, stored as int8 (CheckUnaryQuantization keeps it in range).
  const int32_t zero = q.input_zero_point;
  // Eval: above six -> six, else below zero -> zero, else the raw input value unchanged.
  return MapEveryInt8(
      [&](int32_t value) { return value > six ? six : (value < zero ? zero : value); });
}

}  // namespace arenastore::planner
