// resize_bilinear: an int8 NHWC image resized in height and width: each output pixel interpolates
// its four nearest input pixels in 2^-10 pixel fixed point, as TensorFlow Lite Micro's
// RESIZE_BILINEAR (ResizeBilinearInteger) does for int8. Its params
// (kernels/resize_params.h, shared by the two resizes) and the one check every variant
// runs before trusting them. The variants' rows are in resize_bilinear.cc; the kernels in ref.h and
// x86.h, over the shared taps of bilinear_taps.h.
// Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/resize_params.h"

namespace arenastore::kernels {

using ResizeBilinearParams = ResizeParams;

inline constexpr OpArity kResizeBilinearArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ResizeBilinearParams, 32);

Status CheckResizeBilinearParams(const ResizeBilinearParams& params, const char* kernel);

}  // namespace arenastore::kernels
