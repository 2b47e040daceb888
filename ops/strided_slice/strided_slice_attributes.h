// strided_slice's attributes on a graph operator: per input dimension, the first index read,
// the stride and the count, resolved at import from begin/end/strides and the masks (as TFLite
// Micro's StridedSliceStartForAxis/EndForAxis do). slice and reverse_v2 carry the same walk.
// Set by the TFLite mappings and the artifact reader, read by the planner lowerings. Host-only.
#pragma once

#include <cstdint>

#include <vector>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct SliceWalkAttributes {
  std::vector<int32_t> begin, stride, count;  // one entry per input dimension
};

struct StridedSliceAttributes : SliceWalkAttributes {};

}  // namespace arenastore::planner
