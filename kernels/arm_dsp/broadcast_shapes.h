// Broadcast-shape helpers of the Arm elementwise variants (arm_dsp and arm_mve add): whether the
// inputs need no broadcasting, and element counts. Header-only, freestanding, allocation-free.
#pragma once

#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

// True when both inputs have the output's shape: the elementwise fast paths need no indexing.
inline bool SameShapes(const BroadcastShapes& shapes) {
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    if (shapes.input1[d] != shapes.output[d] || shapes.input2[d] != shapes.output[d]) return false;
  }
  return true;
}

inline int64_t ElementCount(const int32_t* shape) {
  int64_t count = 1;
  for (int d = 0; d < kMaxBroadcastRank; ++d) count *= shape[d];
  return count;
}

}  // namespace arenastore::kernels::arm_dsp
