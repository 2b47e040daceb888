// transpose: an int8 or int16 tensor of rank 1 to 6 with its dimensions permuted (output dimension
// d is input dimension perm[d]); a byte copy, input and output quantized alike. Its params (a
// strided copy, built by MakeTransposeParams for the planner and the runtime alike) and the one
// check every variant runs. The rows are in transpose.cc, the kernel in ref.h. Freestanding,
// allocation-free. The walk counts bytes: an int16 one is widened by kernels/strided_copy_widen.h.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/strided_copy.h"

namespace arenastore::kernels {

using TransposeParams = StridedCopyParams;

inline constexpr OpArity kTransposeArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(TransposeParams, 60);

Status CheckTransposeParams(const TransposeParams& params, const char* kernel);

// The walk of a transpose of `input_shape` (rank dimensions) by `perm`; kKernelInvalidParams
// unless perm is a permutation of [0, rank) and rank is in [1, kMaxStridedCopyRank].
Status MakeTransposeParams(int32_t rank, const int32_t* input_shape, const int32_t* perm,
                           TransposeParams* params);

}  // namespace arenastore::kernels
