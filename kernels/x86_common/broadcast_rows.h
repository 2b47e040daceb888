// BroadcastRows: how the x86 add variants walk a broadcast: the innermost output dimensions
// that every input either follows or ignores alike are merged into one "row" (a whole tensor when
// the shapes are equal), so the inner loop is a plain vector loop over `row_length` elements in
// which each input either advances (step 1) or repeats one value (step 0); the remaining outer
// dimensions are walked by an odometer. Built by the portable entry files, read by the kernels.
// Plain data and a pure function; freestanding, never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::kernels::x86 {

struct BroadcastRows {
  ptrdiff_t row_length;  // output elements per row; 0 when the output is empty
  int32_t row_step1;     // 1: input1 advances along the row; 0: it repeats one value
  int32_t row_step2;     // likewise for input2
  int32_t outer_rank;    // dimensions outside the row, outermost first
  int32_t outer_dims[kMaxBroadcastRank];
  ptrdiff_t outer_step1[kMaxBroadcastRank];  // input1's flat-index step per outer dimension
  ptrdiff_t outer_step2[kMaxBroadcastRank];
};

// Precondition: ref::CheckBroadcastShapes(shapes) is ok.
BroadcastRows BroadcastRowsOf(const BroadcastShapes& shapes);

// Calls row(in1, in2, out), the flat element offsets where each row starts, for every row: an
// odometer over the outer dimensions, innermost last. Internal linkage: it is instantiated in
// files compiled with different ISA flags, which must not share one out-of-line copy.
namespace {
template <typename RowFn>
inline void ForEachRow(const BroadcastRows& r, RowFn row) {
  int32_t position[kMaxBroadcastRank] = {};
  ptrdiff_t in1 = 0, in2 = 0, out = 0;
  for (;;) {
    row(in1, in2, out);
    out += r.row_length;
    int d = r.outer_rank - 1;
    for (; d >= 0; --d) {
      if (++position[d] < r.outer_dims[d]) {
        in1 += r.outer_step1[d];
        in2 += r.outer_step2[d];
        break;
      }
      position[d] = 0;
      in1 -= r.outer_step1[d] * (r.outer_dims[d] - 1);
      in2 -= r.outer_step2[d] * (r.outer_dims[d] - 1);
    }
    if (d < 0) return;
  }
}
}  // namespace

}  // namespace arenastore::kernels::x86
