// The attributes space_to_batch_nd and batch_to_space_nd share on a graph operator: the block
// shape and the paddings (crops) before and after each spatial dimension, folded from their
// constant operands. Each op's attributes type derives from it (ops/<op>/<op>_attributes.h);
// planner/block_space_lowering.h checks, writes and reads it without naming either op. Host-only.
#pragma once

#include <cstdint>

#include <vector>

namespace arenastore::planner {

struct BlockSpaceAttributes {
  std::vector<int32_t> block_shape, before, after;  // one entry per spatial dimension
};

}  // namespace arenastore::planner
