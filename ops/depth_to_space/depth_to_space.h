// depth_to_space: an int8 NHWC tensor whose channels spread into block x block tiles ([N, H, W,
// C] -> [N, H*b, W*b, C/b^2]; output (h*b + by, w*b + bx, c) reads channel (by*b + bx)*C/b^2 + c),
// as TensorFlow Lite's DepthToSpace: a byte copy, input and output quantized alike. Its params (a
// strided copy built by MakeDepthToSpaceParams for planner and runtime alike) and the check every
// variant runs; rows in depth_to_space.cc, kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using DepthToSpaceParams = StridedCopyParams;

inline constexpr OpArity kDepthToSpaceArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(DepthToSpaceParams, 60);

Status CheckDepthToSpaceParams(const DepthToSpaceParams& params, const char* kernel);

// The walk for an NHWC `input_shape` and `block_size`, and the output shape it produces;
// kKernelInvalidParams unless block_size >= 1 and block_size^2 divides C.
Status MakeDepthToSpaceParams(const int32_t* input_shape, int32_t block_size,
                              DepthToSpaceParams* params, int32_t* output_shape);

}  // namespace arenastore::kernels
