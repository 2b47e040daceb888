// batch_to_space_nd's attributes on a graph operator: the block shape and the crops before and
// after each spatial dimension, folded from its constant operands. space_to_batch_nd carries the
// same fields (paddings for crops). Set by the TFLite mappings and by the artifact reader, read
// by the planner lowerings. Host-only.
#pragma once

#include <cstdint>

#include <vector>

#include "planner/attribute_types.h"

namespace arenastore::planner {

struct BlockSpaceAttributes {
  std::vector<int32_t> block_shape, before, after;  // one entry per spatial dimension
};

struct BatchToSpaceNdAttributes : BlockSpaceAttributes {};

}  // namespace arenastore::planner
