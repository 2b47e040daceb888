// mirror_pad's attributes on a graph operator: the (before, after) counts folded from the
// paddings operand and the mode. Set by its TFLite mapping and by the artifact reader, read by
// its planner lowering (ops/mirror_pad/mirror_pad_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include <vector>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct MirrorPadAttributes {
  std::vector<int32_t> before, after;  // one entry per input dimension
  bool symmetric = false;              // false: REFLECT, true: SYMMETRIC
};

}  // namespace arenastore::planner
