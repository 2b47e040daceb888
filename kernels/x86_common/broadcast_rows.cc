#include "kernels/x86_common/broadcast_rows.h"

namespace arenastore::kernels::x86 {

BroadcastRows BroadcastRowsOf(const BroadcastShapes& s) {
  BroadcastRows rows{};
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    if (s.output[d] == 0) return rows;  // row_length 0: nothing to do
  }
  rows.row_length = 1;
  rows.row_step1 = rows.row_step2 = -1;  // unknown until the first dimension longer than 1
  ptrdiff_t size1 = 1, size2 = 1;        // flat sizes of the inputs' inner dimensions so far
  int d = kMaxBroadcastRank - 1;
  for (; d >= 0; --d) {
    const int32_t out = s.output[d];
    if (out == 1) continue;  // every input is 1 here too: no effect on any index
    const int32_t follows1 = s.input1[d] == out ? 1 : 0;
    const int32_t follows2 = s.input2[d] == out ? 1 : 0;
    if (rows.row_step1 < 0) {
      rows.row_step1 = follows1;
      rows.row_step2 = follows2;
    }
    if (follows1 != rows.row_step1 || follows2 != rows.row_step2) break;
    rows.row_length *= out;
    size1 *= s.input1[d];
    size2 *= s.input2[d];
  }
  if (rows.row_step1 < 0) rows.row_step1 = rows.row_step2 = 1;  // a single element
  // Outer dimensions, innermost first into a scratch order, then reversed.
  int32_t dims[kMaxBroadcastRank];
  ptrdiff_t step1[kMaxBroadcastRank], step2[kMaxBroadcastRank];
  int32_t count = 0;
  for (; d >= 0; --d) {
    if (s.output[d] == 1) continue;
    dims[count] = s.output[d];
    step1[count] = s.input1[d] == 1 ? 0 : size1;
    step2[count] = s.input2[d] == 1 ? 0 : size2;
    size1 *= s.input1[d];
    size2 *= s.input2[d];
    ++count;
  }
  rows.outer_rank = count;
  for (int32_t i = 0; i < count; ++i) {
    rows.outer_dims[i] = dims[count - 1 - i];
    rows.outer_step1[i] = step1[count - 1 - i];
    rows.outer_step2[i] = step2[count - 1 - i];
  }
  return rows;
}

}  // namespace arenastore::kernels::x86
