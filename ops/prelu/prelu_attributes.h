// prelu's attributes on a graph operator: none; alpha is its second operand, a constant int8
// tensor like a convolution's weights. Set by its TFLite mapping and the artifact reader, read by
// its planner lowering (ops/prelu/prelu_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct PreluAttributes {};

}  // namespace arenastore::planner
