// resize_nearest_neighbor: an int8 or int16 NHWC image resized in height and width: each output
// pixel copies the input pixel TensorFlow Lite Micro's RESIZE_NEAREST_NEIGHBOR picks (its float
// coordinate arithmetic, rounded with align_corners, floored otherwise). Its params
// (kernels/resize_params.h, shared by the two resizes) and the one check every variant
// runs before trusting them. The variants' rows are in resize_nearest_neighbor.cc; the kernel in
// ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/resize_params.h"

namespace arenastore::kernels {

using ResizeNearestNeighborParams = ResizeParams;

inline constexpr OpArity kResizeNearestNeighborArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(ResizeNearestNeighborParams, 32);

Status CheckResizeNearestNeighborParams(const ResizeNearestNeighborParams& params,
                                        const char* kernel);

}  // namespace arenastore::kernels
