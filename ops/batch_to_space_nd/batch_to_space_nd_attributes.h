// batch_to_space_nd's attributes on a graph operator: the block shape and the crops before and
// after each spatial dimension, folded from its constant operands (the fields space_to_batch_nd
// carries, planner/block_space_attributes.h). Set by its TFLite mapping and by the artifact
// reader, read by its planner lowering (ops/batch_to_space_nd/batch_to_space_nd_planner.cc).
// Host-only.
#pragma once

#include "planner/block_space_attributes.h"

namespace arenastore::planner {

struct BatchToSpaceNdAttributes : BlockSpaceAttributes {};

}  // namespace arenastore::planner
