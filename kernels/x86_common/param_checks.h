// Parameter checks of the x86 kernel variants (x86_avx2, x86_avx512vnni): the conditions the
// ref kernels check, so every variant accepts and refuses exactly what the oracle does and bad
// params give kKernelInvalidParams before any SIMD code runs. Used only by the portable entry
// files (never by the files compiled with ISA flags). Header-only, freestanding, no allocation.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/ref/broadcast.h"
#include "kernels/ref/pool_window.h"
#include "kernels/ref/requantize.h"

namespace arenastore::kernels::x86 {

inline Status CheckConv2dParams(const Conv2dParams& p, const char* op_name) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams,
                             "%s: negative dimension or empty filter", op_name);
  ARENASTORE_CHECK_OR_RETURN(
      p.stride_h >= 1 && p.stride_w >= 1 && p.dilation_h >= 1 && p.dilation_w >= 1,
      ErrorCode::kKernelInvalidParams, "%s: stride %dx%d and dilation %dx%d must be at least 1",
      op_name, p.stride_h, p.stride_w, p.dilation_h, p.dilation_w);
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
  ARENASTORE_CHECK_OR_RETURN(
      p.stride_h >= 1 && p.stride_w >= 1 && p.dilation_h >= 1 && p.dilation_w >= 1,
      ErrorCode::kKernelInvalidParams, "%s: stride %dx%d and dilation %dx%d must be at least 1",
      op_name, p.stride_h, p.stride_w, p.dilation_h, p.dilation_w);
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

inline Status CheckBatchMatmulParams(const BatchMatmulParams& p, const char* op_name) {
  ARENASTORE_CHECK_OR_RETURN(p.rows >= 0 && p.accum_depth >= 0 && p.cols >= 0,
                             ErrorCode::kKernelInvalidParams, "%s: negative dimension", op_name);
  for (int i = 0; i < 3; ++i) {
    const int32_t l = p.lhs_batch[i];
    const int32_t r = p.rhs_batch[i];
    ARENASTORE_CHECK_OR_RETURN(
        l >= 0 && r >= 0 && (l == r || l == 1 || r == 1), ErrorCode::kKernelInvalidParams,
        "%s: batch dim %d: lhs %d and rhs %d do not broadcast", op_name, i, l, r);
  }
  ARENASTORE_CHECK_OR_RETURN(
      ref::IsInt8ZeroPoint(p.lhs_zero_point) && ref::IsInt8ZeroPoint(p.rhs_zero_point),
      ErrorCode::kKernelInvalidParams, "%s: lhs zero point %d or rhs zero point %d is not an int8",
      op_name, p.lhs_zero_point, p.rhs_zero_point);
  ARENASTORE_CHECK_OR_RETURN(ref::IsValidShift(p.output_shift), ErrorCode::kKernelInvalidParams,
                             "%s: shift %d is not in [-31, 30]", op_name, p.output_shift);
  return ref::CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, op_name);
}

inline Status CheckTransposeConv2dParams(const TransposeConv2dParams& p, const char* op_name) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams,
                             "%s: negative dimension or empty filter", op_name);
  ARENASTORE_CHECK_OR_RETURN(p.stride_h >= 1 && p.stride_w >= 1, ErrorCode::kKernelInvalidParams,
                             "%s: stride %dx%d must be at least 1", op_name, p.stride_h,
                             p.stride_w);
  ARENASTORE_CHECK_OR_RETURN(ref::IsInt8ZeroPoint(p.input_zero_point),
                             ErrorCode::kKernelInvalidParams,
                             "%s: input zero point %d is not an int8", op_name, p.input_zero_point);
  ARENASTORE_RETURN_IF_ERROR(
      ref::CheckOutputStage(p.output_zero_point, p.activation_min, p.activation_max, op_name));
  return ref::CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, op_name);
}

// Average pooling also refuses a window entirely in the padding, as ref does (checked here up
// front rather than per output pixel). A window's rows depend only on its output row and its
// columns only on its output column, so rows and columns are checked apart; the message names
// the first empty window in ref's (row-major) order.
inline Status CheckAveragePool2dParams(const Pool2dParams& p, const char* op_name) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckPool2dParams(p, op_name));
  if (p.batches == 0 || p.channels == 0 || p.output_h == 0 || p.output_w == 0) {
    return Status::Ok();
  }
  int32_t empty_y = -1;
  for (int32_t out_y = 0; out_y < p.output_h && empty_y < 0; ++out_y) {
    const ref::PoolWindow w = ref::PoolWindowAt(p, out_y, 0);
    if (w.y_end <= w.y_begin) empty_y = out_y;
  }
  int32_t empty_x = -1;
  for (int32_t out_x = 0; out_x < p.output_w && empty_x < 0; ++out_x) {
    const ref::PoolWindow w = ref::PoolWindowAt(p, 0, out_x);
    if (w.x_end <= w.x_begin) empty_x = out_x;
  }
  if (empty_y < 0 && empty_x < 0) return Status::Ok();
  const int32_t out_y = empty_x >= 0 ? 0 : empty_y;
  const int32_t out_x = empty_y == out_y ? 0 : empty_x;
  return Status::Error(ErrorCode::kKernelInvalidParams,
                       "%s: the window of output (%d, %d) lies entirely in padding", op_name, out_y,
                       out_x);
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

// As ref's mul: a product of offset int8 values needs 17 bits, so a left shift above 14 could
// overflow.
inline Status CheckMulParams(const MulParams& p, const char* op_name) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckBroadcastShapes(p.shapes, op_name));
  auto is_offset = [](int32_t offset) { return offset >= -128 && offset <= 128; };
  ARENASTORE_CHECK_OR_RETURN(
      is_offset(p.input1_offset) && is_offset(p.input2_offset) && is_offset(p.output_offset),
      ErrorCode::kKernelInvalidParams, "%s: offsets %d, %d, %d are not int8 zero points", op_name,
      p.input1_offset, p.input2_offset, p.output_offset);
  ARENASTORE_CHECK_OR_RETURN(p.output_shift >= -31 && p.output_shift <= 14,
                             ErrorCode::kKernelInvalidParams,
                             "%s: output_shift %d not in [-31, 14]", op_name, p.output_shift);
  ARENASTORE_CHECK_OR_RETURN(p.activation_min <= p.activation_max, ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", op_name, p.activation_min,
                             p.activation_max);
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
