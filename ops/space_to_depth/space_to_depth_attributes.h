// space_to_depth's attributes on a graph operator: the block size, from its TFLite options. Set
// by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/space_to_depth/space_to_depth_planner.cc). Host-only.
#pragma once

#include <cstdint>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct SpaceToDepthAttributes {
  int32_t block_size = 1;
};

}  // namespace arenastore::planner
