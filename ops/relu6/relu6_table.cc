#include "ops/relu6/relu6_table.h"

#include <algorithm>
#include <cmath>

namespace arenastore::planner {

Result<kernels::PiecewiseRescale> Relu6Rescale(const UnaryQuantization& q, ValueRange range) {
  constexpr const char* kOp = "RELU6";
  ARENASTORE_RETURN_IF_ERROR(CheckUnaryQuantization(q, kOp, range));
  // Prepare: six = FloatToQuantizedType<int8_t>(6.0f, input scale, input zero point), i.e. the
  // float quotient rounded half away from zero, plus the zero point (in double), converted to
  // int32 and clamped to the type. The conversion is undefined beyond int32, so refuse that.
  const double six_unclamped =
      static_cast<double>(std::round(6.0f / q.input_scale)) + q.input_zero_point;
  if (!(six_unclamped < 2147483648.0)) {
    return TableError(kOp, "input scale {} puts 6.0 at {}, outside int32", q.input_scale,
                      six_unclamped);
  }
  const int32_t six = std::clamp(static_cast<int32_t>(six_unclamped), range.min, range.max);
  // zero is the input zero point, stored in the type (CheckUnaryQuantization keeps it in range).
  const int32_t zero = q.input_zero_point;
  // Eval: above six -> six, else below zero -> zero, else the raw input value unchanged: the
  // identity multiplier (2^30 with a left shift of 1 is exact for every int16 value) on the
  // uncentred value, clamped to [zero, six] (zero <= six as the scale is positive).
  constexpr int32_t kOne = 1 << 30, kOneShift = 1;
  return kernels::PiecewiseRescale{0, 0, kOne, kOneShift, kOne, kOneShift, zero, six};
}

Result<Int8Table> Relu6Table(const UnaryQuantization& q) {
  return TableOfRescale(Relu6Rescale(q, kInt8Range));
}

}  // namespace arenastore::planner
