// concatenation's attributes on a graph operator: the axis and fused activation. Set by its TFLite
// mapping and by the artifact reader, read by its planner lowering
// (ops/concatenation/concatenation_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct ConcatenationAttributes {
  int32_t axis = 0;  // may be negative, counted from the last dimension
  Activation activation = Activation::kNone;
};

}  // namespace arenastore::planner
