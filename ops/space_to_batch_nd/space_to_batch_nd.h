// space_to_batch_nd: an int8 NHWC (or NHC, read as NH1C) tensor padded with the output zero point
// and cut into bh x bw spatial tiles that become batches, as TensorFlow Lite's SpaceToBatchND: a
// byte copy, input and output quantized alike. Its params (built by MakeSpaceToBatchNdParams for
// planner and runtime alike) and the check every variant runs: every read inside the input.
// Rows in space_to_batch_nd.cc, kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct SpaceToBatchNdParams {
  int32_t input_shape[4];   // NHWC (a rank-3 input has W = 1)
  int32_t output_shape[4];  // NHWC
  int32_t block_h, block_w;
  int32_t pad_top, pad_left;  // padding rows/columns before the input's first
  int32_t pad_value;          // the output zero point
};

inline constexpr OpArity kSpaceToBatchNdArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(SpaceToBatchNdParams, 52);

Status CheckSpaceToBatchNdParams(const SpaceToBatchNdParams& params, const char* kernel);

// The params of a rank-3 or rank-4 input and output with one (block, pad before, pad after) per
// spatial dimension (rank - 2 of them); kKernelInvalidParams unless the output's shape is the
// padded input's rearranged.
Status MakeSpaceToBatchNdParams(int32_t rank, const int32_t* input_shape,
                                const int32_t* output_shape, const int32_t* block,
                                const int32_t* before, const int32_t* after, int32_t pad_value,
                                SpaceToBatchNdParams* params);

}  // namespace arenastore::kernels
