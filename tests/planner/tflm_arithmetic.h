// Test oracle: TensorFlow Lite Micro's reference integer arithmetic, written again for tests from
// TFLM's sources (quantization_util's QuantizeMultiplier, common.h's
// MultiplyByQuantizedMultiplier and GetInvSqrtQuantizedMultiplierExp, gemmlowp's fixed-point
// primitives, and the Prepare/Eval of the kernels the tests sweep), each step in plain 64-bit
// integer arithmetic. It shares no code with the library (kernels/fixed_point.h and friends), so a
// slip there or in a lowering cannot hide in both. int32 overflow wraps, as TFLM's signed int32
// arithmetic does on the hardware it runs on. Header-only; host tests only.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace arenastore::testing::tflm {

inline constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();
inline constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

// The low 32 bits as int32: what a wrapping int32 add, subtract or shift leaves.
inline int32_t Wrap(int64_t value) { return static_cast<int32_t>(static_cast<uint32_t>(value)); }

// gemmlowp::SaturatingRoundingDoublingHighMul.
inline int32_t DoublingHighMul(int32_t a, int32_t b) {
  if (a == kInt32Min && b == kInt32Min) return static_cast<int32_t>(kInt32Max);
  const int64_t product = int64_t{a} * int64_t{b};
  const int64_t nudge = product >= 0 ? (int64_t{1} << 30) : 1 - (int64_t{1} << 30);
  return static_cast<int32_t>((product + nudge) / (int64_t{1} << 31));  // truncating division
}

// gemmlowp::RoundingDivideByPOT: to nearest, ties away from zero; exponent in [0, 31].
inline int32_t DivideByPowerOfTwo(int32_t x, int exponent) {
  const int64_t mask = (int64_t{1} << exponent) - 1;
  const int64_t remainder = int64_t{x} & mask;
  const int64_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return static_cast<int32_t>((int64_t{x} >> exponent) + (remainder > threshold ? 1 : 0));
}

// gemmlowp::SaturatingRoundingMultiplyByPOT<exponent>.
inline int32_t MultiplyByPowerOfTwo(int32_t x, int exponent) {
  if (exponent < 0) return DivideByPowerOfTwo(x, -exponent);
  const int64_t threshold = (int64_t{1} << (31 - exponent)) - 1;
  if (x > threshold) return static_cast<int32_t>(kInt32Max);
  if (x < -threshold) return static_cast<int32_t>(kInt32Min);
  return static_cast<int32_t>(int64_t{x} * (int64_t{1} << exponent));
}

// tflite::MultiplyByQuantizedMultiplier, double rounding (TFLM's default build): x * (1 << left)
// wraps in int32 before the high multiply.
inline int32_t MultiplyByQuantizedMultiplier(int32_t x, int32_t multiplier, int shift) {
  const int left = shift > 0 ? shift : 0;
  const int right = shift > 0 ? 0 : -shift;
  return DivideByPowerOfTwo(DoublingHighMul(Wrap(int64_t{x} * (int64_t{1} << left)), multiplier),
                            right);
}

struct Multiplier {
  int32_t multiplier;
  int shift;
};

// tflite::QuantizeMultiplier: frexp, the fraction rounded to Q31 (half away from zero), 1.0
// renormalised, shifts below -31 flushed to a zero multiplier.
inline Multiplier QuantizeMultiplier(double real) {
  if (real == 0.0) return {0, 0};
  int shift = 0;
  const double fraction = std::frexp(real, &shift);
  int64_t fixed =
      static_cast<int64_t>(std::round(fraction * static_cast<double>(int64_t{1} << 31)));
  if (fixed == (int64_t{1} << 31)) {
    fixed /= 2;
    ++shift;
  }
  if (shift < -31) return {0, 0};
  return {static_cast<int32_t>(fixed), shift};
}

// tflite::GetInvSqrtQuantizedMultiplierExp(input, kReverseShift = -1, ...): the input brought by
// powers of 4 into [2^27, 2^29), five Newton-Raphson steps from 1 in gemmlowp's
// FixedPoint<int32, 3> (a product of Qa and Qb is Q(a + b), its raw the DoublingHighMul of the
// raws; Rescale<3> from Qn multiplies the raw by 2^(n - 3), saturating), times sqrt(2) / 2.
inline Multiplier InvSqrt(int32_t input) {
  if (input <= 1) return {static_cast<int32_t>(kInt32Max), 0};
  int right_shift = 11;
  while (input >= (1 << 29)) {
    input /= 4;
    ++right_shift;
  }
  int leading_zeros = 0;
  while (((static_cast<uint32_t>(input) << leading_zeros) & 0x80000000u) == 0) ++leading_zeros;
  const int pairs = (leading_zeros - 1) / 2 - 1;
  right_shift -= pairs;
  input <<= 2 * pairs;
  const int32_t half_input = MultiplyByPowerOfTwo(input >> 1, -1);  // Q3
  const int32_t three_halves = (1 << 28) + (1 << 27);               // 1.5 in Q3
  int32_t x = 1 << 28;                                              // 1.0 in Q3
  for (int step = 0; step < 5; ++step) {
    const int32_t cube = MultiplyByPowerOfTwo(DoublingHighMul(DoublingHighMul(x, x), x), 9 - 3);
    const int64_t difference =
        int64_t{DoublingHighMul(three_halves, x)} - DoublingHighMul(half_input, cube);  // Q6
    x = MultiplyByPowerOfTwo(Wrap(difference), 6 - 3);
  }
  int32_t multiplier = DoublingHighMul(x, 1518500250);  // sqrt(2) / 2 in Q0.31
  if (right_shift < 0) {
    multiplier = Wrap(int64_t{multiplier} * (int64_t{1} << -right_shift));
    right_shift = 0;
  }
  return {multiplier, -right_shift};
}

// elementwise.cc's PrepareAbsRsqrt for RSQRT: 1 / (sqrt(input scale) * output scale) in double.
inline Multiplier RsqrtOutputMultiplier(float input_scale, float output_scale) {
  return QuantizeMultiplier(
      1.0 / (std::sqrt(static_cast<double>(input_scale)) * static_cast<double>(output_scale)));
}

// elementwise.cc's RsqrtEvalQuantized<int16_t> (zero points 0, as Prepare requires); nullopt where
// validate_input_func fails the Invoke (an input below the zero point).
inline std::optional<int16_t> RsqrtInt16(int16_t input, Multiplier output) {
  if (input < 0) return std::nullopt;
  if (input == 0) return std::numeric_limits<int16_t>::max();
  constexpr int kShift = 20;
  const Multiplier inv_sqrt = InvSqrt(input);
  const int32_t data =
      MultiplyByQuantizedMultiplier(1, inv_sqrt.multiplier, inv_sqrt.shift + kShift);
  const int32_t result =
      MultiplyByQuantizedMultiplier(data, output.multiplier, output.shift - kShift);
  return static_cast<int16_t>(std::clamp<int32_t>(result, -32768, 32767));
}

// quantize_common.cc's PrepareQuantizeReference and reference_ops::Requantize for an integer
// input and output: multiplier input scale / output scale in double; centre, rescale and offset
// in int32 (each wrapping), then clamp to [low, high], the output type's range.
inline int32_t Requantize(int32_t input, float input_scale, int32_t input_zero_point,
                          float output_scale, int32_t output_zero_point, int32_t low,
                          int32_t high) {
  const Multiplier m =
      QuantizeMultiplier(static_cast<double>(input_scale) / static_cast<double>(output_scale));
  const int32_t centred = Wrap(int64_t{input} - input_zero_point);
  const int32_t output = Wrap(
      int64_t{MultiplyByQuantizedMultiplier(centred, m.multiplier, m.shift)} + output_zero_point);
  return std::clamp(output, low, high);
}

}  // namespace arenastore::testing::tflm
