// mirror_pad: an int8 tensor (rank 1 to 6) padded with its own mirror image (REFLECT leaves the
// edge out, SYMMETRIC repeats it), as TensorFlow Lite Micro's MirrorPad: a byte copy, input and
// output quantized alike. Its params (lowered by planner and runtime) and the check every variant
// runs: each padding at most the dimension's size (less one for REFLECT), so every read is inside
// the input. Rows in mirror_pad.cc, kernel in ref.h. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

inline constexpr int kMaxMirrorPadRank = 6;

struct MirrorPadParams {
  int32_t rank;
  int32_t input_shape[kMaxMirrorPadRank];
  int32_t before[kMaxMirrorPadRank], after[kMaxMirrorPadRank];
  int32_t edge_excluded;  // 1: REFLECT (the edge is not repeated), 0: SYMMETRIC
};

inline constexpr OpArity kMirrorPadArity = {1, 1, false};
ARENASTORE_CORTEX_M_BYTES(MirrorPadParams, 80);

Status CheckMirrorPadParams(const MirrorPadParams& params, const char* kernel);

}  // namespace arenastore::kernels
