// The lowering the elementwise units with numpy broadcasting share (ops/add, mul, sub,
// squared_difference, maximum, minimum, prelu): the operand shapes right-aligned into
// kernels::BroadcastShapes. Host-only; errors as planner/lowering.h.
#pragma once

#include "kernels/param_types.h"
#include "planner/lowering.h"

namespace arenastore::planner {

// Fails unless both inputs and the output (rank <= kMaxBroadcastRank) broadcast as numpy does.
Status BroadcastShapesOf(const Lowering& l, kernels::BroadcastShapes* shapes);

}  // namespace arenastore::planner
