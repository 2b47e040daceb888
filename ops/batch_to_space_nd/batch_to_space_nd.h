// batch_to_space_nd: an int8 NHWC (or NHC, read as NH1C) tensor whose batches become bh x bw
// spatial tiles, then cropped, as TensorFlow Lite's BatchToSpaceND: a byte copy, input and output
// quantized alike. Its params (built by MakeBatchToSpaceNdParams for planner and runtime alike)
// and the check every variant runs: each output byte written once, each read inside the input.
// Rows in batch_to_space_nd.cc, kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct BatchToSpaceNdParams {
  int32_t input_shape[4];   // NHWC (a rank-3 input has W = 1)
  int32_t output_shape[4];  // NHWC
  int32_t block_h, block_w;
  int32_t crop_top, crop_left;  // input rows/columns dropped before the output's first
};

inline constexpr OpArity kBatchToSpaceNdArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(BatchToSpaceNdParams, 48);

Status CheckBatchToSpaceNdParams(const BatchToSpaceNdParams& params, const char* kernel);

// The params of a rank-3 or rank-4 input and output with one (block, crop before, crop after)
// per spatial dimension (rank - 2 of them); kKernelInvalidParams unless the output's shape is
// the input's rearranged and cropped.
Status MakeBatchToSpaceNdParams(int32_t rank, const int32_t* input_shape,
                                const int32_t* output_shape, const int32_t* block,
                                const int32_t* before, const int32_t* after,
                                BatchToSpaceNdParams* params);

}  // namespace arenastore::kernels
