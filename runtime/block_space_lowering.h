// The runtime side space_to_batch_nd and batch_to_space_nd share: an operator's
// BlockSpaceOptions and rank-3/4 operands read into plain arrays for the unit's
// kernels::Make*Params. Used only by those units' *_runtime.cc. Freestanding, never allocates;
// a bad field fails the OpChecker naming it.
#pragma once

#include "runtime/op_checker.h"

namespace arenastore::runtime {

struct BlockSpaceShapes {
  int32_t rank;
  int32_t input[4], output[4];
  int32_t block[2], before[2], after[2];  // one entry per spatial dimension
};

// False unless the output has the input's rank and the options one entry per spatial dimension.
bool ReadBlockSpace(const OpChecker& c, BlockSpaceShapes* shapes);

}  // namespace arenastore::runtime
