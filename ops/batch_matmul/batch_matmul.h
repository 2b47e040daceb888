// batch_matmul: int8 matrix products over up to three broadcast batch dimensions,
// either operand optionally transposed, with one output requantization; or int16 ones (zero
// points 0, int64 accumulators; the ref kernel's int16 row only).
// Its params (lowered by the planner and the runtime, read by every variant) and the one check
// every variant runs before trusting them. The variants' rows are in batch_matmul.cc; the kernels
// in this folder (ref.h, x86.h). Freestanding, allocation-free.
#pragma once

#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

// out[b] = lhs[b] x rhs[b], with numpy-style broadcasting over up to 3 leading batch dims.
struct BatchMatmulParams {
  int32_t lhs_batch[3], rhs_batch[3];  // leading dims, 1 where absent
  int32_t rows, accum_depth, cols;     // lhs is [rows, accum] (or [accum, rows] if adj_x)
  bool adj_x, adj_y;                   // rhs is [accum, cols] (or [cols, accum] if adj_y)
  int32_t lhs_zero_point, rhs_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  int32_t output_multiplier, output_shift;
};

inline constexpr OpArity kBatchMatmulArity = {2, 2, false};
ARENASTORE_CORTEX_M_BYTES(BatchMatmulParams, 68);

// kKernelInvalidParams naming `kernel` and the field when the params are inconsistent. `dtype`
// kInt16: zero points 0 and an int16 activation range.
Status CheckBatchMatmulParams(const BatchMatmulParams& params, const char* kernel,
                              KernelDtype dtype = KernelDtype::kInt8);

}  // namespace arenastore::kernels
