// strided_slice's attributes on a graph operator: the per-dimension walk slice and reverse_v2
// carry too (planner/slice_walk_attributes.h), resolved at import from begin/end/strides and the
// masks (as TFLite Micro's StridedSliceStartForAxis/EndForAxis do). Set by its TFLite mapping and
// the artifact reader, read by its planner lowering. Host-only.
#pragma once

#include "planner/slice_walk_attributes.h"

namespace arenastore::planner {

struct StridedSliceAttributes : SliceWalkAttributes {};

}  // namespace arenastore::planner
