// WidenStridedCopy: restates a walk over elements as the same walk over their bytes, so the
// byte-moving strided-copy kernels (kernels/strided_copy.h) serve int16 (16x8) activations with
// the one loop nest int8 uses, and every offset the planner aliases by (input_start,
// StridedCopyIsContiguous) is in bytes. Called by the planner's and the runtime's lowerings of
// the ops built on StridedCopyParams, after their element-level checks. Freestanding, header-only.
#pragma once

#include <cstdint>

#include "kernels/strided_copy.h"

namespace arenastore::kernels {

// Scales `p` (checked, over elements of `element_bytes` bytes) to bytes. When the innermost
// dimension reads consecutive elements (or at most one), its rows simply grow `element_bytes`
// times; otherwise each element becomes a new innermost dimension of `element_bytes`
// consecutive bytes, which needs a rank below kMaxStridedCopyRank. False (p unchanged) when
// that rank is full or a size would pass int32.
inline bool WidenStridedCopy(int32_t element_bytes, StridedCopyParams* p) {
  if (element_bytes == 1) return true;
  if (element_bytes < 1 || p->rank < 1) return false;
  const int32_t last = p->rank - 1;
  const bool rows_run = p->count[last] <= 1 || p->input_step[last] == 1;
  if (!rows_run && p->rank >= kMaxStridedCopyRank) return false;
  const int64_t input_bytes = int64_t{p->input_elements} * element_bytes;
  const int64_t row_bytes = int64_t{p->count[last]} * element_bytes;
  if (input_bytes > INT32_MAX || row_bytes > INT32_MAX) return false;
  for (int32_t d = 0; d < p->rank; ++d) p->input_step[d] *= element_bytes;
  p->input_start *= element_bytes;
  p->input_elements = static_cast<int32_t>(input_bytes);
  if (rows_run) {
    p->count[last] = static_cast<int32_t>(row_bytes);
    p->input_step[last] = 1;
  } else {
    p->count[p->rank] = element_bytes;
    p->input_step[p->rank] = 1;
    ++p->rank;
  }
  return true;
}

}  // namespace arenastore::kernels
