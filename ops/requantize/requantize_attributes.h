// requantize's attributes on a graph operator: none (the multiplier comes from the tensors'
// scales). Set by its TFLite mapping and the artifact reader, read by its planner lowering
// (ops/requantize/requantize_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct RequantizeAttributes {};

}  // namespace arenastore::planner
