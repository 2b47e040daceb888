// Parameter checks of the Arm kernel variants (arm_dsp and arm_mve): the same conditions the ref
// kernels check, so every variant accepts and refuses exactly the params the oracle does and bad
// params give kKernelInvalidParams instead of an out-of-bounds access. Header-only,
// freestanding, allocation-free; `op_name` names the variant in the message ("conv2d/arm_dsp").
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/ref/broadcast.h"
#include "kernels/ref/pool_window.h"
#include "kernels/ref/requantize.h"

namespace arenastore::kernels::arm_dsp {

inline Status CheckStrideAndDilation(int32_t stride_h, int32_t stride_w, int32_t dilation_h,
                                     int32_t dilation_w, const char* op_name) {
  ARENASTORE_CHECK_OR_RETURN(stride_h >= 1 && stride_w >= 1 && dilation_h >= 1 && dilation_w >= 1,
                             ErrorCode::kKernelInvalidParams,
                             "%s: stride %dx%d and dilation %dx%d must be at least 1", op_name,
                             stride_h, stride_w, dilation_h, dilation_w);
  return Status::Ok();
}

inline Status CheckConv2dParams(const Conv2dParams& p, const char* op_name) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams,
                             "%s: negative dimension or empty filter", op_name);
  ARENASTORE_RETURN_IF_ERROR(
      CheckStrideAndDilation(p.stride_h, p.stride_w, p.dilation_h, p.dilation_w, op_name));
  ARENASTORE_CHECK_OR_RETURN(
      p.groups >= 1 && p.input_c % p.groups == 0 && p.output_c % p.groups == 0,
      ErrorCode::kKernelInvalidParams,
      "%s: %d groups do not divide %d input and %d output channels", op_name, p.groups, p.input_c,
      p.output_c);
  ARENASTORE_CHECK_OR_RETURN(ref::IsInt8ZeroPoint(p.input_zero_point),
                             ErrorCode::kKernelInvalidParams,
                             "%s: input zero point %d is not an int8", op_name, p.input_zero_point);
  ARENASTORE_RETURN_IF_ERROR(
      ref::CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, op_name));
  return ref::CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, op_name);
}

inline Status CheckDepthwiseConv2dParams(const DepthwiseConv2dParams& p, const char* op_name) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams,
                             "%s: negative dimension or empty filter", op_name);
  ARENASTORE_RETURN_IF_ERROR(
      CheckStrideAndDilation(p.stride_h, p.stride_w, p.dilation_h, p.dilation_w, op_name));
  ARENASTORE_CHECK_OR_RETURN(
      p.depth_multiplier >= 1 && p.output_c == int64_t{p.input_c} * p.depth_multiplier,
      ErrorCode::kKernelInvalidParams,
      "%s: output channels %d != input channels %d x depth multiplier %d", op_name, p.output_c,
      p.input_c, p.depth_multiplier);
  ARENASTORE_CHECK_OR_RETURN(ref::IsInt8ZeroPoint(p.input_zero_point),
                             ErrorCode::kKernelInvalidParams,
                             "%s: input zero point %d is not an int8", op_name, p.input_zero_point);
  ARENASTORE_RETURN_IF_ERROR(
      ref::CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, op_name));
  return ref::CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, op_name);
}

inline Status CheckFullyConnectedParams(const FullyConnectedParams& p, const char* op_name) {
  ARENASTORE_CHECK_OR_RETURN(p.batches >= 0 && p.input_depth >= 0 && p.output_depth >= 0,
                             ErrorCode::kKernelInvalidParams, "%s: negative dimension", op_name);
  ARENASTORE_CHECK_OR_RETURN(
      ref::IsInt8ZeroPoint(p.input_zero_point) && ref::IsInt8ZeroPoint(p.filter_zero_point),
      ErrorCode::kKernelInvalidParams,
      "%s: input zero point %d or filter zero point %d is not an int8", op_name, p.input_zero_point,
      p.filter_zero_point);
  ARENASTORE_RETURN_IF_ERROR(
      ref::CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, op_name));
  return ref::CheckRequantization(p.requant, p.output_depth, /*per_tensor_allowed=*/true, op_name);
}

// The largest left shift for which two shifted int8 offset values still sum inside int32.
inline constexpr int32_t kMaxAddLeftShift = 22;

inline Status CheckAddParams(const AddParams& p, const char* op_name) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, op_name));
  ARENASTORE_CHECK_OR_RETURN(p.left_shift >= 0 && p.left_shift <= kMaxAddLeftShift,
                             ErrorCode::kKernelInvalidParams, "%s: left_shift %d not in [0, %d]",
                             op_name, p.left_shift, kMaxAddLeftShift);
  auto is_right_shift = [](int32_t shift) { return shift <= 0 && shift >= -31; };
  ARENASTORE_CHECK_OR_RETURN(is_right_shift(p.input1_shift) && is_right_shift(p.input2_shift) &&
                                 is_right_shift(p.output_shift),
                             ErrorCode::kKernelInvalidParams,
                             "%s: shifts %d, %d, %d must lie in [-31, 0] (multipliers below one)",
                             op_name, p.input1_shift, p.input2_shift, p.output_shift);
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      ErrorCode::kKernelInvalidParams, "%s: offsets %d, %d, %d are not int8 zero points", op_name,
      p.input1_offset, p.input2_offset, p.output_offset);
  ARENASTORE_CHECK_OR_RETURN(p.activation_min <= p.activation_max, ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", op_name, p.activation_min,
                             p.activation_max);
  return Status::Ok();
}

// True when both inputs have the output's shape: the elementwise fast paths need no indexing.
inline bool SameShapes(const BroadcastShapes& shapes) {
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    if (shapes.input1[d] != shapes.output[d] || shapes.input2[d] != shapes.output[d]) return false;
  }
  return true;
}

inline int64_t ElementCount(const int32_t* shape) {
  int64_t count = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) count *= shape[d];
  return count;
}

}  // namespace arenastore::kernels::arm_dsp
