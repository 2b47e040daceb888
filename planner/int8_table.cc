#include "planner/int8_table.h"

#include <cmath>

namespace arenastore::planner {

namespace {

Status CheckScale(float scale, const char* op, const char* role) {
  if (!(scale > 0.0f) || !std::isfinite(scale)) {
    return TableError(op, "{} scale is {}, expected a positive finite number", role, scale);
  }
  return Status::Ok();
}

Status CheckZeroPoint(int32_t zero_point, ValueRange range, const char* op, const char* role) {
  if (zero_point < range.min || zero_point > range.max) {
    return TableError(op, "{} zero point is {}, outside [{}, {}]", role, zero_point, range.min,
                      range.max);
  }
  return Status::Ok();
}

}  // namespace

Status CheckUnaryQuantization(const UnaryQuantization& quantization, const char* op,
                              ValueRange range) {
  ARENASTORE_RETURN_IF_ERROR(CheckScale(quantization.input_scale, op, "input"));
  ARENASTORE_RETURN_IF_ERROR(CheckScale(quantization.output_scale, op, "output"));
  ARENASTORE_RETURN_IF_ERROR(CheckZeroPoint(quantization.input_zero_point, range, op, "input"));
  return CheckZeroPoint(quantization.output_zero_point, range, op, "output");
}

Result<Int8Table> TableOfRescale(const Result<kernels::PiecewiseRescale>& rescale) {
  if (!rescale.ok()) return rescale.status();
  return MapEveryInt8(
      [&](int32_t value) { return kernels::ApplyPiecewiseRescale(*rescale, value); });
}

Result<FixedPointMultiplier> CheckedQuantizeMultiplier(double real, const char* op,
                                                       const char* what) {
  if (!std::isfinite(real)) {
    return TableError(op, "{} multiplier is {}, expected a finite number", what, real);
  }
  const FixedPointMultiplier fixed = QuantizeMultiplier(real);
  if (fixed.shift > 30) {
    return TableError(op,
                      "{} multiplier {} needs a left shift of {}; TFLM's "
                      "MultiplyByQuantizedMultiplier is undefined beyond 30",
                      what, real, fixed.shift);
  }
  return fixed;
}

Result<Q4InputScaling> ComputeQ4InputScaling(float input_scale, const char* op) {
  constexpr int kInputIntegerBits = 4;
  const double real =
      static_cast<double>(input_scale) * static_cast<double>(1 << (31 - kInputIntegerBits));
  int left_shift = 0;
  const double significand = std::frexp(real, &left_shift);
  // A float scale has 24 significant bits, so significand * 2^31 is an exact integer below 2^31:
  // TFLM's round-and-cast never overflows here.
  const double fixed = std::round(significand * 2147483648.0);
  if (left_shift < 0 || left_shift > 62 || !(fixed < 2147483648.0)) {
    return TableError(op,
                      "input scale {} gives an input left shift of {}; TFLM's "
                      "CalculateInputRadius is undefined outside [0, 62]",
                      input_scale, left_shift);
  }
  // CalculateInputRadius divides by 2^left_shift in double: exact, so ldexp gives the same value.
  const double radius =
      std::floor(std::ldexp(static_cast<double>((1 << kInputIntegerBits) - 1) *
                                static_cast<double>(1ll << (31 - kInputIntegerBits)),
                            -left_shift));
  return Q4InputScaling{static_cast<int32_t>(fixed), left_shift, static_cast<int32_t>(radius)};
}

}  // namespace arenastore::planner
