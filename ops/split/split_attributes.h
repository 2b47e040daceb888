// split's attributes on a graph operator: the cut axis, and whether the outputs drop it (unpack).
// Set by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/split/split_planner.cc); each part's size is its output's extent. Host-only.
#pragma once

#include <cstdint>

namespace arenastore::planner {

struct SplitAttributes {
  int32_t axis = 0;           // may be negative, counted from the end of the input's dims
  bool squeeze_axis = false;  // true: each output is its 1-thick part without the axis
};

}  // namespace arenastore::planner
