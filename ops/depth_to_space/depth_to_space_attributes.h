// depth_to_space's attributes on a graph operator: the block size, from its TFLite options. Set
// by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/depth_to_space/depth_to_space_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct DepthToSpaceAttributes {
  int32_t block_size = 1;
};

}  // namespace arenastore::planner
