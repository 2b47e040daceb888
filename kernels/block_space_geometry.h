// The NHWC geometry space_to_batch_nd and batch_to_space_nd share: a rank-3 (NHC, read as NH1C) or
// rank-4 input and output, the block per spatial dimension, and the rows and columns before the
// first (padding for space_to_batch_nd, crops for batch_to_space_nd). Used by both ops' Make and
// Check functions. Header-only, freestanding, allocation-free.
#pragma once

#include <cstdint>

#include "kernels/params_check.h"

namespace arenastore::kernels {

// Writes the shapes and block of a rank-3 or rank-4 pair into `p` as NHWC, and before[0] and (rank
// 4) before[1] into *top and *left; kKernelInvalidParams naming `op` for any other rank.
template <typename Params>
Status BlockSpaceGeometry(const char* op, int32_t rank, const int32_t* in, const int32_t* out,
                          const int32_t* block, const int32_t* before, Params* p, int32_t* top,
                          int32_t* left) {
  ARENASTORE_CHECK_OR_RETURN(rank == 3 || rank == 4, ErrorCode::kKernelInvalidParams,
                             "%s: rank %d is neither 3 nor 4", op, rank);
  const bool wide = rank == 4;
  auto nhwc = [&](const int32_t* from, int32_t* shape) {
    shape[0] = from[0];
    shape[1] = from[1];
    shape[2] = wide ? from[2] : 1;
    shape[3] = from[rank - 1];
  };
  nhwc(in, p->input_shape);
  nhwc(out, p->output_shape);
  p->block_h = block[0];
  p->block_w = wide ? block[1] : 1;
  *top = before[0];
  *left = wide ? before[1] : 0;
  return Status::Ok();
}

// kKernelInvalidParams naming `kernel` when a dimension of either shape is negative.
template <typename Params>
Status CheckBlockSpaceDimensions(const Params& p, const char* kernel) {
  for (int d = 0; d < 4; ++d) {
    ARENASTORE_CHECK_PARAMS(kernel, p.input_shape[d] >= 0 && p.output_shape[d] >= 0,
                            "negative dimension %d", d);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels
