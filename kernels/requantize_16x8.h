// The output stage and parameter checks the 16x8 ref kernels share (conv2d, depthwise_conv2d,
// fully_connected, transpose_conv2d, batch_matmul with int16 activations and int8 weights):
// TensorFlow Lite requantizes an int32 accumulator (an int32 bias or none, where its kernel
// takes one) with the 32-bit MultiplyByQuantizedMultiplier and an int64 one with the 64-bit
// overload, then clamps; int16 zero points are 0, so none is added. Included only by those ops'
// units, never by a widely included header. Header-only, freestanding, allocation-free.
#pragma once

#include <cstdint>
#include <type_traits>

#include "kernels/fixed_point64.h"
#include "kernels/op_kind.h"
#include "kernels/params_check.h"
#include "kernels/requantize.h"

namespace arenastore::kernels::ref {

// The product sums of the ref kernels, modulo 2^bits of the accumulator: a hostile input wraps
// as the hardware would instead of overflowing. `Acc` is int32_t or int64_t.
template <typename Acc>
class WrappingSum {
 public:
  void Add(Acc value) { sum_ += static_cast<std::make_unsigned_t<Acc>>(value); }
  Acc value() const { return static_cast<Acc>(sum_); }

 private:
  std::make_unsigned_t<Acc> sum_ = 0;
};

inline int32_t MultiplyByQuantizedMultiplierOf(int32_t acc, int32_t multiplier, int32_t shift) {
  return MultiplyByQuantizedMultiplier(acc, multiplier, shift);
}
inline int32_t MultiplyByQuantizedMultiplierOf(int64_t acc, int32_t multiplier, int32_t shift) {
  return MultiplyByQuantizedMultiplier64(acc, multiplier, shift);
}

// A 16x8 accumulator requantized as TensorFlow Lite does for its width, then clamped to
// [activation_min, activation_max] (inside int16, checked).
template <typename Acc>
int16_t RequantizeToInt16(Acc acc, int32_t multiplier, int32_t shift, int32_t activation_min,
                          int32_t activation_max) {
  const int32_t scaled = MultiplyByQuantizedMultiplierOf(acc, multiplier, shift);
  return static_cast<int16_t>(Clamp(scaled, activation_min, activation_max));
}

// The one output stage both widths' kernels call, T being the output type: int8 (an int32
// accumulator) adds the output zero point, int16 has none (it is 0, checked).
template <typename T, typename Acc>
T RequantizeTo(Acc acc, int32_t multiplier, int32_t shift, int32_t output_zero_point,
               int32_t activation_min, int32_t activation_max) {
  if constexpr (std::is_same_v<T, int8_t>) {
    static_assert(std::is_same_v<Acc, int32_t>, "int8 kernels accumulate in int32");
    return RequantizeToInt8(acc, multiplier, shift, output_zero_point, activation_min,
                            activation_max);
  } else {
    static_assert(std::is_same_v<T, int16_t>, "activations are int8 or int16");
    return RequantizeToInt16(acc, multiplier, shift, activation_min, activation_max);
  }
}

// An input zero point a kernel of `dtype` can take: inside int8, or 0 for 16x8 (TensorFlow
// Lite's 16x8 kernels have no input offset).
inline Status CheckInputZeroPoint(KernelDtype dtype, int32_t zero_point, const char* role,
                                  const char* kernel) {
  if (dtype == KernelDtype::kInt16) {
    ARENASTORE_CHECK_PARAMS(kernel, zero_point == 0, "int16 %s zero point %d is not 0", role,
                            zero_point);
    return Status::Ok();
  }
  ARENASTORE_CHECK_PARAMS(kernel, IsInt8ZeroPoint(zero_point), "%s zero point %d is not an int8",
                          role, zero_point);
  return Status::Ok();
}

// CheckOutputStage for `dtype`: for 16x8, output zero point 0 and a non-empty int16 range.
inline Status CheckOutputStageOf(KernelDtype dtype, int32_t output_zero_point,
                                 int32_t activation_min, int32_t activation_max,
                                 const char* kernel) {
  if (dtype != KernelDtype::kInt16) {
    return CheckOutputStage(output_zero_point, activation_min, activation_max, kernel);
  }
  ARENASTORE_CHECK_PARAMS(kernel, output_zero_point == 0, "int16 output zero point %d is not 0",
                          output_zero_point);
  ARENASTORE_CHECK_PARAMS(kernel,
                          activation_min >= INT16_MIN && activation_min <= activation_max &&
                              activation_max <= INT16_MAX,
                          "activation range [%d, %d] is not a non-empty int16 range",
                          activation_min, activation_max);
  return Status::Ok();
}

// int64 accumulators in scratch handed over as bytes need 8-byte alignment.
inline Status CheckInt64Aligned(const uint8_t* scratch, const char* op_name) {
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch) % alignof(int64_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             op_name, alignof(int64_t));
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
