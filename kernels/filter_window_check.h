// The checks the filter-window convolutions (conv2d, depthwise_conv2d, transpose_conv2d) share
// before trusting their params: no negative dimension and a non-empty filter, strides (and, where
// the op has them, dilations) of at least 1, and the per-channel output stage of int8 or 16x8
// (input zero point, output zero point and clamp, one requantization per output channel). Called
// by each op's Check<Op>Params. Header-only, freestanding, allocation-free.
#pragma once

#include "kernels/params_check.h"
#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"

namespace arenastore::kernels {

template <typename Params>
Status CheckFilterWindow(const Params& p, const char* kernel) {
  const bool sizes_ok = p.batches >= 0 && p.input_h >= 0 && p.input_w >= 0 && p.input_c >= 0 &&
                        p.filter_h >= 1 && p.filter_w >= 1 && p.output_h >= 0 && p.output_w >= 0 &&
                        p.output_c >= 0;
  ARENASTORE_CHECK_PARAMS(kernel, sizes_ok, "negative dimension or empty filter");
  ARENASTORE_CHECK_PARAMS(kernel, p.stride_h >= 1 && p.stride_w >= 1,
                          "stride %dx%d must be at least 1", p.stride_h, p.stride_w);
  if constexpr (requires { p.dilation_h; }) {
    ARENASTORE_CHECK_PARAMS(kernel, p.dilation_h >= 1 && p.dilation_w >= 1,
                            "dilation %dx%d must be at least 1", p.dilation_h, p.dilation_w);
  }
  return Status::Ok();
}

template <typename Params>
Status CheckPerChannelOutputStage(const Params& p, const char* kernel, KernelDtype dtype) {
  ARENASTORE_RETURN_IF_ERROR(ref::CheckInputZeroPoint(dtype, p.input_zero_point, "input", kernel));
  ARENASTORE_RETURN_IF_ERROR(ref::CheckOutputStageOf(dtype, p.output_zero_point, p.activation_min,
                                                     p.activation_max, kernel));
  return ref::CheckRequantization(p.requant, p.output_c, /*per_tensor_allowed=*/false, kernel);
}

}  // namespace arenastore::kernels
