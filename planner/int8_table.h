// The shared vocabulary of the int8 unary-op lookup tables (UnaryQuantization, Int8Table) and the
// checks and helpers every ops/<op>/<op>_table.cc builder uses.
// Called by those builders, which the planner's lowering of each int8 unary op calls; every
// builder mirrors TensorFlow Lite Micro's reference kernel (Prepare, then Eval per value) bit for
// bit. Host-only (heap OK); refusals are kPlanInvalidGraph naming the operator.
#pragma once

#include <fmt/core.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "base/result.h"
#include "base/status.h"
#include "kernels/piecewise_rescale.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {

// Quantization of a unary op's int8 input and output tensors (per-tensor).
struct UnaryQuantization {
  float input_scale;
  int32_t input_zero_point;
  float output_scale;
  int32_t output_zero_point;
};

// table[input + 128] is the op's int8 output for that int8 input.
using Int8Table = std::array<int8_t, 256>;

// Where an int8 value's output sits in an Int8Table.
constexpr size_t Int8TableIndex(int32_t value) { return static_cast<size_t>(value + 128); }

// Builds the table by evaluating `output_of(value)` (an int8 result) for every int8 value, the
// way TFLM's Eval maps each element independently of the others.
template <typename OutputOf>
Int8Table MapEveryInt8(OutputOf&& output_of) {
  Int8Table table{};
  for (int32_t value = -128; value <= 127; ++value) {
    table[Int8TableIndex(value)] = static_cast<int8_t>(output_of(value));
  }
  return table;
}

// The table of an op whose arithmetic is a kernels::PiecewiseRescale (relu, relu6, leaky_relu);
// a builder's refusal passes through.
Result<Int8Table> TableOfRescale(const Result<kernels::PiecewiseRescale>& rescale);

// kPlanInvalidGraph "<OP> table: <message>", the message formatted with fmt.
template <typename... Args>
Status TableError(const char* op, fmt::format_string<Args...> format, Args&&... args) {
  const std::string text = fmt::format(format, std::forward<Args>(args)...);
  return Status::Error(ErrorCode::kPlanInvalidGraph, "%s table: %s", op, text.c_str());
}

// The values a unary op's activations can hold: int8's, or int16's for the ops whose int16 rows
// compute what their int8 tables hold (relu, relu6, leaky_relu: kernels/piecewise_rescale.h).
struct ValueRange {
  int32_t min, max;
};
inline constexpr ValueRange kInt8Range = {-128, 127};
inline constexpr ValueRange kInt16Range = {-32768, 32767};

// Refuses what no tensor of `range` can carry: a scale that is not a positive finite number, or
// a zero point outside the range. TFLM reads such values without checking and then divides by
// zero or wraps int16 intermediates; the converter never writes them.
Status CheckUnaryQuantization(const UnaryQuantization& quantization, const char* op,
                              ValueRange range = kInt8Range);

// TFLite's QuantizeMultiplier of `real` (planner/quantization_math.h), for a rescale the kernel
// then applies with MultiplyByQuantizedMultiplier. Refuses a left shift above 30: there TFLM's
// `x * (1 << shift)` is undefined behaviour, so no bit-exact table exists (the multiplier is
// then at least 2^30, far outside any real model). `what` names the rescale in the message.
Result<FixedPointMultiplier> CheckedQuantizeMultiplier(double real, const char* op,
                                                       const char* what);

// How TFLM's int8 LOGISTIC and TANH bring the centred input into gemmlowp's Q4.27 format: the
// multiplier and left shift of input_scale * 2^27 (frexp, significand rounded to Q31, no
// renormalisation), and the radius beyond which the result saturates (CalculateInputRadius:
// floor(15 * 2^27 / 2^left_shift)).
struct Q4InputScaling {
  int32_t multiplier;
  int32_t left_shift;
  int32_t radius;
};
// Refuses input scales below 2^-28 (TFLM's radius would shift by a negative amount) or with a
// left shift of 63 or more (a 64-bit shift): both undefined in TFLM.
Result<Q4InputScaling> ComputeQ4InputScaling(float input_scale, const char* op);

// The table of TFLM's int8 LOGISTIC or TANH Eval: -128 or 127 outside the radius (the low end
// checked first, so a radius of 0 sends 0 to -128), else `of_q4` of the centred input rescaled
// to Q4.27 (it returns the entry: the function's Q0.31 result rounded to the output's units).
template <typename OfQ4>
Int8Table MapQ4Saturated(const UnaryQuantization& q, const Q4InputScaling& scaling, OfQ4&& of_q4) {
  return MapEveryInt8([&](int32_t value) -> int32_t {
    const int32_t centred = value - q.input_zero_point;
    if (centred <= -scaling.radius) return -128;
    if (centred >= scaling.radius) return 127;
    return of_q4(
        kernels::MultiplyByQuantizedMultiplier(centred, scaling.multiplier, scaling.left_shift));
  });
}

// Clamps to [-128, 127], the final std::min/std::max every TFLM int8 kernel applies.
constexpr int32_t ClampToInt8(int32_t value) {
  return value < -128 ? -128 : (value > 127 ? 127 : value);
}

}  // namespace arenastore::planner
