// space_to_depth: an int8 NHWC tensor whose block x block spatial tiles become channels
// ([N, H, W, C] -> [N, H/b, W/b, b*b*C], channel (by*b + bx)*C + c); a byte copy, input and
// output quantized alike, as TensorFlow Lite's SpaceToDepth. Its params (a strided copy built by
// MakeSpaceToDepthParams for the planner and the runtime alike) and the one check every variant
// runs. The rows are in space_to_depth.cc, the kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using SpaceToDepthParams = StridedCopyParams;

inline constexpr OpArity kSpaceToDepthArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(SpaceToDepthParams, 60);

Status CheckSpaceToDepthParams(const SpaceToDepthParams& params, const char* kernel);

// The walk for an NHWC `input_shape` and `block_size`, and the output shape it produces;
// kKernelInvalidParams unless block_size >= 1 divides H and W.
Status MakeSpaceToDepthParams(const int32_t* input_shape, int32_t block_size,
                              SpaceToDepthParams* params, int32_t* output_shape);

}  // namespace arenastore::kernels
