// PoolWindow: the part of a pooling filter window that lies inside the input, for one output
// pixel, with TensorFlow Lite's convention (padded positions count in neither the sum, the max
// nor the divisor). Used by the ref average and max pool kernels; header-only, freestanding,
// allocation-free. CheckPool2dParams returns kKernelInvalidParams for unusable parameters.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

struct PoolWindow {
  int32_t y_begin, y_end;  // input rows [y_begin, y_end)
  int32_t x_begin, x_end;  // input columns [x_begin, x_end)

  int32_t Count() const { return (y_end - y_begin) * (x_end - x_begin); }
};

inline int32_t MaxOf(int32_t a, int32_t b) { return a > b ? a : b; }
inline int32_t MinOf(int32_t a, int32_t b) { return a < b ? a : b; }

inline PoolWindow PoolWindowAt(const Pool2dParams& params, int32_t out_y, int32_t out_x) {
  const int32_t origin_y = out_y * params.stride_h - params.pad_top;
  const int32_t origin_x = out_x * params.stride_w - params.pad_left;
  PoolWindow window;
  window.y_begin = MaxOf(origin_y, 0);
  window.y_end = MaxOf(window.y_begin, MinOf(origin_y + params.filter_h, params.input_h));
  window.x_begin = MaxOf(origin_x, 0);
  window.x_end = MaxOf(window.x_begin, MinOf(origin_x + params.filter_w, params.input_w));
  return window;
}

inline Status CheckPool2dParams(const Pool2dParams& params, const char* op_name) {
  const bool sizes_ok = params.batches >= 0 && params.input_h >= 0 && params.input_w >= 0 &&
                        params.channels >= 0 && params.output_h >= 0 && params.output_w >= 0;
  ARENASTORE_CHECK_OR_RETURN(sizes_ok, ErrorCode::kKernelInvalidParams, "%s: negative dimension",
                             op_name);
  ARENASTORE_CHECK_OR_RETURN(
      params.filter_h >= 1 && params.filter_w >= 1 && params.stride_h >= 1 && params.stride_w >= 1,
      ErrorCode::kKernelInvalidParams, "%s: filter %dx%d and stride %dx%d must be at least 1",
      op_name, params.filter_h, params.filter_w, params.stride_h, params.stride_w);
  ARENASTORE_CHECK_OR_RETURN(params.activation_min <= params.activation_max,
                             ErrorCode::kKernelInvalidParams,
                             "%s: activation range [%d, %d] is empty", op_name,
                             params.activation_min, params.activation_max);
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
