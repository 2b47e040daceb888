// The output stage shared by the ref kernels that accumulate in int32 (conv2d, depthwise_conv2d,
// fully_connected, batch_matmul, transpose_conv2d): TensorFlow Lite's requantize, add the output
// zero point, clamp. Plus the cheap parameter checks those kernels run so that bad params give
// kKernelInvalidParams instead of an out-of-bounds read or an undefined shift.
// Header-only, freestanding, allocation-free.
#pragma once

#include <cstdint>

#include "kernels/fixed_point.h"
#include "kernels/op_params.h"
#include "kernels/params_check.h"

namespace arenastore::kernels::ref {

inline int8_t RequantizeToInt8(int32_t accumulator, int32_t multiplier, int32_t shift,
                               int32_t output_zero_point, int32_t activation_min,
                               int32_t activation_max) {
  const int32_t scaled = MultiplyByQuantizedMultiplier(accumulator, multiplier, shift);
  return static_cast<int8_t>(
      Clamp(WrappingAdd(scaled, output_zero_point), activation_min, activation_max));
}

// `channels` multipliers and shifts, or a single one when `per_tensor_allowed`.
inline Status CheckRequantization(const Requantization& requant, int32_t channels,
                                  bool per_tensor_allowed, const char* op_name) {
  const bool count_ok =
      requant.count == channels || (per_tensor_allowed && requant.count == 1 && channels > 0);
  ARENASTORE_CHECK_OR_RETURN(count_ok, ErrorCode::kKernelInvalidParams,
                             "%s: %d requantization multipliers for %d output channels", op_name,
                             requant.count, channels);
  if (requant.count == 0) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(requant.multipliers != nullptr && requant.shifts != nullptr,
                             ErrorCode::kKernelInvalidParams,
                             "%s: requantization multipliers or shifts are missing", op_name);
  for (int32_t c = 0; c < requant.count; ++c) {
    ARENASTORE_CHECK_OR_RETURN(IsValidShift(requant.shifts[c]), ErrorCode::kKernelInvalidParams,
                               "%s: shift %d of channel %d is not in [-31, 30]", op_name,
                               requant.shifts[c], c);
  }
  return Status::Ok();
}

inline Status CheckOutputStage(int32_t output_zero_point, int32_t activation_min,
                               int32_t activation_max, const char* op_name) {
  ARENASTORE_CHECK_OR_RETURN(IsInt8ZeroPoint(output_zero_point), ErrorCode::kKernelInvalidParams,
                             "%s: output zero point %d is not an int8", op_name, output_zero_point);
  ARENASTORE_CHECK_OR_RETURN(
      activation_min >= -128 && activation_min <= activation_max && activation_max <= 127,
      ErrorCode::kKernelInvalidParams,
      "%s: activation range [%d, %d] is not a non-empty int8 range", op_name, activation_min,
      activation_max);
  return Status::Ok();
}

// Accumulators live in scratch handed over as bytes; int32 access needs 4-byte alignment.
inline Status CheckInt32Aligned(const uint8_t* scratch, const char* op_name) {
  ARENASTORE_CHECK_OR_RETURN(reinterpret_cast<uintptr_t>(scratch) % alignof(int32_t) == 0,
                             ErrorCode::kKernelInvalidParams, "%s: scratch is not %zu-byte aligned",
                             op_name, alignof(int32_t));
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
