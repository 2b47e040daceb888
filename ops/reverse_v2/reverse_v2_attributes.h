// reverse_v2's attributes on a graph operator: the per-dimension walk strided_slice carries too
// (planner/slice_walk_attributes.h; reversed axes begin at their last index with stride -1),
// resolved at import from the axis operand. Set by its TFLite mapping and by the artifact reader,
// read by its planner lowering (ops/reverse_v2/reverse_v2_planner.cc). Host-only.
#pragma once

#include "planner/slice_walk_attributes.h"

namespace arenastore::planner {

struct ReverseV2Attributes : SliceWalkAttributes {};

}  // namespace arenastore::planner
