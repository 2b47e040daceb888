// TensorFlow Lite's fixed-point arithmetic on 64-bit accumulators, which its 16x8 kernels
// (int16 activations, int8 weights, int64 biases) requantize: MultiplyByQuantizedMultiplier's
// int64 overload and the wrapping adds those accumulators need. Kept apart from
// kernels/fixed_point.h so that only the ref kernels that run 16x8 include it.
// Header-only, freestanding, allocation-free; every function is defined for every input (a
// hostile artifact's bias or multiplier wraps, never overflows).
#pragma once

#include <cstdint>

#include "kernels/fixed_point.h"

namespace arenastore::kernels {

// a + b modulo 2^64, as the hardware adds.
inline int64_t WrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}

// TensorFlow Lite's MultiplyByQuantizedMultiplier for a 64-bit accumulator: the multiplier
// rounded to 16 bits (saturating at 0x7FFF), then one rounding right shift by 15 - shift.
// Bit-exact with it for the multipliers and shifts TensorFlow Lite produces (shift <= 7).
inline int32_t MultiplyByQuantizedMultiplier64(int64_t x, int32_t multiplier, int shift) {
  const int32_t reduced = multiplier < 0x7FFF0000 ? (multiplier + (1 << 15)) >> 16 : 0x7FFF;
  const int total_shift = 15 - shift;
  // Modulo 2^64, as the hardware multiply is: a valid artifact may carry any int64 bias.
  const uint64_t product = static_cast<uint64_t>(x) * static_cast<uint64_t>(int64_t{reduced});
  if (total_shift < 1) {  // a multiplier of 2^15 or more: no valid model has one; stay defined
    return static_cast<int32_t>(static_cast<int64_t>(product << (1 - total_shift)) >> 1);
  }
  const auto rounded = static_cast<int64_t>(product + (uint64_t{1} << (total_shift - 1)));
  return static_cast<int32_t>(rounded >> total_shift);
}

}  // namespace arenastore::kernels
