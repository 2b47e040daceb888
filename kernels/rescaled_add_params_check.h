// The check of kernels::RescaledAddParams that add and sub share (their params are one layout),
// for either width: `max_left_shift` keeps two shifted offset values inside int32 (22 for int8;
// 15 for int16, TFLM's own, as 65535 * 2^15 < 2^31), `max_offset` bounds the offsets (a zero
// point of the type, negated). Included by ops/add/add.cc and ops/sub/sub.cc; header-only, so a
// build may select either op alone. Freestanding.
#pragma once

#include "kernels/broadcast.h"
#include "kernels/rescaled_add_params.h"

namespace arenastore::kernels {

inline constexpr int32_t kInt8AddMaxLeftShift = 22;
inline constexpr int32_t kInt8AddMaxOffset = 128;
inline constexpr int32_t kInt16AddMaxLeftShift = 15;
inline constexpr int32_t kInt16AddMaxOffset = 32768;

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent.
inline Status CheckRescaledAddParams(const RescaledAddParams& p, const char* kernel,
                                     int32_t max_left_shift, int32_t max_offset) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, kernel));
  ARENASTORE_CHECK_PARAMS(kernel, p.left_shift >= 0 && p.left_shift <= max_left_shift,
                          "left_shift %d not in [0, %d]", p.left_shift, max_left_shift);
  ARENASTORE_CHECK_PARAMS(
      kernel,
      IsRightShift(p.input1_shift) && IsRightShift(p.input2_shift) && IsRightShift(p.output_shift),
      "shifts %d, %d, %d must lie in [-31, 0] (multipliers below one)", p.input1_shift,
      p.input2_shift, p.output_shift);
  auto is_offset = [&](int32_t offset) { return offset >= -max_offset && offset <= max_offset; };
  ARENASTORE_CHECK_PARAMS(
      kernel,
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      "offsets %d, %d, %d are not zero points of the type", p.input1_offset, p.input2_offset,
      p.output_offset);
  ARENASTORE_CHECK_PARAMS(kernel, p.activation_min <= p.activation_max,
                          "activation range [%d, %d] is empty", p.activation_min, p.activation_max);
  return Status::Ok();
}

}  // namespace arenastore::kernels
