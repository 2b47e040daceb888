// slice's attributes on a graph operator: the per-dimension walk strided_slice carries too
// (planner/slice_walk_attributes.h) with stride 1, resolved at import from begin and size. Set by
// its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/slice/slice_planner.cc). Host-only.
#pragma once

#include "planner/slice_walk_attributes.h"

namespace arenastore::planner {

struct SliceAttributes : SliceWalkAttributes {};

}  // namespace arenastore::planner
