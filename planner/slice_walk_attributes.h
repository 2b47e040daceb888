// The attributes strided_slice, slice and reverse_v2 share on a graph operator: per input
// dimension, the first index read, the stride and the count (each op's import resolves its own
// operands into this walk). Each op's attributes type derives from it
// (ops/<op>/<op>_attributes.h); planner/slice_walk_lowering.h lowers, writes and reads it without
// naming any of them. Host-only.
#pragma once

#include <cstdint>

#include <vector>

namespace arenastore::planner {

struct SliceWalkAttributes {
  std::vector<int32_t> begin, stride, count;  // one entry per input dimension
};

}  // namespace arenastore::planner
