// The params the two int8 resizes share (resize_nearest_neighbor, resize_bilinear): an NHWC
// input resized in height and width to the output's size, with TensorFlow Lite's
// align_corners and half_pixel_centers. Included by both units' kernels, runtime lowerings and
// planners. Header-only, freestanding, allocation-free. Invariant (CheckResizeParams): sizes
// are positive and small enough that the kernels' int32 coordinate arithmetic cannot overflow.
#pragma once

#include <cstdint>

#include "kernels/params_check.h"

namespace arenastore::kernels {

struct ResizeParams {
  int32_t batches, input_h, input_w, channels;
  int32_t output_h, output_w;
  int32_t align_corners;       // 0 or 1
  int32_t half_pixel_centers;  // 0 or 1
};

// Bilinear's coordinates are in units of 2^-10 pixel, multiplied by an output index in int32.
inline constexpr int32_t kMaxResizeSize = 1 << 10;

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent.
inline Status CheckResizeParams(const ResizeParams& p, const char* kernel) {
  ARENASTORE_CHECK_PARAMS(kernel, p.batches >= 0 && p.channels >= 0,
                          "%d batches, %d channels must not be negative", p.batches, p.channels);
  ARENASTORE_CHECK_PARAMS(kernel,
                          p.input_h >= 1 && p.input_w >= 1 && p.output_h >= 1 && p.output_w >= 1 &&
                              p.input_h <= kMaxResizeSize && p.input_w <= kMaxResizeSize &&
                              p.output_h <= kMaxResizeSize && p.output_w <= kMaxResizeSize,
                          "%dx%d -> %dx%d: sizes must be in [1, %d]", p.input_h, p.input_w,
                          p.output_h, p.output_w, kMaxResizeSize);
  ARENASTORE_CHECK_PARAMS(kernel,
                          (p.align_corners == 0 || p.align_corners == 1) &&
                              (p.half_pixel_centers == 0 || p.half_pixel_centers == 1),
                          "align_corners %d and half_pixel_centers %d must be 0 or 1",
                          p.align_corners, p.half_pixel_centers);
  return Status::Ok();
}

}  // namespace arenastore::kernels
