// squared_difference's attributes on a graph operator: none beyond its tensors' quantization
// (TensorFlow Lite's SQUARED_DIFFERENCE has no fused activation). Set by its TFLite mapping and
// the artifact reader, read by its planner lowering
// (ops/squared_difference/squared_difference_planner.cc). Host-only.
#pragma once

namespace arenastore::planner {

struct SquaredDifferenceAttributes {};

}  // namespace arenastore::planner
