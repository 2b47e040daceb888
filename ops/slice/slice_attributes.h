// slice's attributes on a graph operator: the same per-dimension walk as strided_slice's
// (begin, stride 1, count), resolved at import from begin and size. Set by its TFLite mapping and
// by the artifact reader, read by its planner lowering (ops/slice/slice_planner.cc). Host-only.
#pragma once

#include "ops/strided_slice/strided_slice_attributes.h"

namespace arenastore::planner {

struct SliceAttributes : SliceWalkAttributes {};

}  // namespace arenastore::planner
