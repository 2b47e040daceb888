// Multiply-accumulates an operator performs, estimated from its tensors alone, as MCUNet and the
// like count a network's cost: an op with a constant filter of two or more dimensions takes, for
// each output element, the filter's elements over the output's channels (conv2d: kh*kw*in_c,
// depthwise: kh*kw, fully connected: in_c); every other op counts 0. The planner weighs row
// stages' recomputed rows with it (planner/row_stage_planning.h); names no operator. Host-only.
#pragma once

#include <cstdint>

#include "planner/graph.h"

namespace arenastore::planner {

uint64_t EstimatedMacs(const Graph& graph, const Op& op);

// The sum over the graph's ops.
uint64_t GraphMacs(const Graph& graph);

}  // namespace arenastore::planner
